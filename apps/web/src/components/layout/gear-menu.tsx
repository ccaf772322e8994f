import { ActionIcon, Menu } from '@mantine/core';
import { catalogMenuFor, registerMenuFor } from '@zakupki/shared/access';
import type { Role } from '@zakupki/shared/roles';
import { Link } from 'react-router';
import { GearIcon } from '../icons';

/**
 * The catalogue menu (docs/product.md §2, §6): exactly the entries the role may see, as real links;
 * below them, for staff, the registers kept as reference data (the register of unfair suppliers).
 */
export function GearMenu({ role }: { role: Role }) {
  const entries = catalogMenuFor(role);
  const registers = registerMenuFor(role);
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
        {registers.length ? (
          <>
            <Menu.Divider />
            <Menu.Label>Реестры</Menu.Label>
            {registers.map((e) => (
              <Menu.Item key={e.path} component={Link} to={e.path}>
                {e.title}
              </Menu.Item>
            ))}
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
