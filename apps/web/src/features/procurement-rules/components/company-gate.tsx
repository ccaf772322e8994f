import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSelectedCompany } from '../../../lib/company';

/** The screens of the module work in the selected company; without one they say so. */
export function CompanyGate({ children }: { children: (companyId: number) => ReactNode }) {
  const company = useSelectedCompany();
  if (!company)
    return (
      <Text c="dimmed" p="md">
        Выберите компанию
      </Text>
    );
  return children(company.id);
}
