import { type CatalogDescriptor, mayOpenCatalog } from '@zakupki/shared';
import { forbidden } from '../../lib/app-error.js';
import type { Actor } from '../../types.js';

/** docs/product.md §2/§6: staff catalogues refuse clients, tariffs everyone but the admin. */
export function assertMayOpen(actor: Actor, d: CatalogDescriptor) {
  if (mayOpenCatalog(actor.role, d.access)) return;
  throw forbidden(
    d.access === 'admin'
      ? `Справочник «${d.title}» доступен только администратору`
      : `Справочник «${d.title}» доступен только сотрудникам`,
  );
}
