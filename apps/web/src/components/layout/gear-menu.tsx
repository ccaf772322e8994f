import { ActionIcon, Menu } from '@mantine/core';
import { catalogMenuFor } from '@zakupki/shared/access';
import type { Role } from '@zakupki/shared/roles';
import { Link } from 'react-router';
import { GearIcon } from '../icons';

/** The catalogue menu (docs/product.md §2, §6): exactly the entries the role may see, as real links. */
export function GearMenu({ role }: { role: Role }) {
  const entries = catalogMenuFor(role);
  return (
    // no focus placeholder: a role="presentation" element with tabindex inside role="menu" is invalid ARIA
    <Menu position="bottom-end" width={360} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="Справочники" title="Справочники">
          <GearIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label="Справочники">
        <Menu.Label>Справочники</Menu.Label>
        {entries.map((e) => (
          <Menu.Item key={e.path} component={Link} to={e.path}>
            {e.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
