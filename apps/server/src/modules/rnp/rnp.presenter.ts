import type { RnpEntry, RnpStatus } from '@zakupki/shared';
import type { RnpEntryRow, RnpLoadRow } from './rnp.repository.js';

export const toStatus = (load: RnpLoadRow | undefined): RnpStatus => ({
  loaded: load !== undefined,
  load: load
    ? {
        source: load.source,
        file_name: load.fileName,
        format: load.format,
        sha256: load.sha256,
        rows: load.rows,
        loaded_at: load.loadedAt.toISOString(),
      }
    : null,
});

export const toEntry = (e: RnpEntryRow): RnpEntry => ({
  registry_number: e.registryNumber,
  law: e.law,
  inn: e.inn,
  kpp: e.kpp,
  name: e.name,
  included_on: e.includedOn,
  excluded_on: e.excludedOn,
  customer_name: e.customerName,
  customer_inn: e.customerInn,
  purchase_number: e.purchaseNumber,
  reason: e.reason,
});
