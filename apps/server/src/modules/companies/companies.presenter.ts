import type { EisSettings } from '@zakupki/shared';
import { effectivePermissions } from '../access/access.policy.js';
import type { BankRow } from './bank-requisites.repository.js';
import type { CompanyRow, CompanyUserRow } from './companies.repository.js';
import type { ContactRow } from './contacts.repository.js';
import type { CustomerRow } from './customers.repository.js';
import type { EisSettingsRow } from './eis-settings.repository.js';

/** Rows of the companies module -> API shapes (also what the audit log stores as before/after). */

/** The wire shape of a company (also what the audit log stores as before/after). */
export function toCompany(r: CompanyRow) {
  return {
    id: r.id,
    title: r.title,
    full_title: r.fullTitle,
    inn: r.inn,
    kpp: r.kpp,
    ogrn: r.ogrn,
    legal_address: r.legalAddress,
    postal_address: r.postalAddress,
    email: r.email,
    phone: r.phone,
    is_provider: r.isProvider,
    tariff_id: r.tariffId,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  };
}

export const toBankRequisite = (r: BankRow) => ({
  id: r.id,
  company_id: r.companyId,
  bank_name: r.bankName,
  bik: r.bik,
  settlement_account: r.settlementAccount,
  correspondent_account: r.correspondentAccount,
  is_main: r.isMain,
});

export const toContact = (r: ContactRow) => ({
  id: r.id,
  company_id: r.companyId,
  full_name: r.fullName,
  position: r.position,
  email: r.email,
  phone: r.phone,
  is_active: r.isActive,
});

export const toCustomer = (r: CustomerRow) => ({
  id: r.id,
  company_id: r.companyId,
  title: r.title,
  inn: r.inn,
  kpp: r.kpp,
  ogrn: r.ogrn,
  address: r.address,
  annual_revenue_over_5bn: r.annualRevenueOver5bn,
});

/** The wire shape: the password only as whether one is stored. */
export function toEisSettings(companyId: number, row: EisSettingsRow | null): EisSettings {
  return {
    company_id: companyId,
    configured: row !== null,
    eis_login: row?.eisLogin ?? null,
    certificate_thumbprint: row?.certificateThumbprint ?? null,
    password_set: Boolean(row?.passwordSecret),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** A user of a company with their permissions in it (the membership narrows the role's). */
export function toCompanyUser(r: CompanyUserRow) {
  return {
    id: r.id,
    title: r.title,
    login: r.login,
    role: r.role,
    status: r.status,
    permissions: effectivePermissions(r.role, r.isMember ? r.membership : null),
  };
}
