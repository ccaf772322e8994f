import type { SupplierAddressInput } from '@zakupki/shared';
import type { z } from 'zod';
import { trimDecimal } from '../../lib/decimal.js';
import type { ContractBundle, Organisation } from './contract-bundle.repository.js';
import {
  type BuiltXml,
  C,
  checkLength,
  contractGuidOf,
  currencyElement,
  customerOf,
  eisFileName,
  partiesElements,
  positionGuidOf,
  regNumber23,
  renderEisDocument,
  require223,
} from './eis-common.js';
import { el, leaf, money2, type XmlElement } from './xml-writer.js';

export type SupplierAddress = z.output<typeof SupplierAddressInput>;

export type EisContractBuild = {
  bundle: ContractBundle;
  /** The organisation placing the information: the company of the register. */
  placer: Organisation;
  supplierAddress: SupplierAddress | null;
  now?: Date;
};

function supplierElement(b: ContractBundle, address: SupplierAddress): XmlElement {
  const c = b.contract;
  const legal = c.supplierInn.length === 10;
  return el(
    `${C}supplierInfo`,
    leaf(`${C}name`, c.supplierName),
    leaf(`${C}inn`, c.supplierInn),
    legal ? leaf(`${C}kpp`, c.supplierKpp) : null,
    leaf(`${C}type`, legal ? 'L' : 'P'),
    leaf(`${C}provider`, c.supplierIsSme),
    c.supplierIsSme ? leaf(`${C}providerCode`, '30') : null,
    leaf(`${C}subcontractor`, false),
    leaf(`${C}nonResident`, false),
    el(
      `${C}address`,
      leaf(`${C}egrulEgripChanged`, false),
      leaf(`${C}postCode`, address.post_code),
      address.region_code && address.region_name
        ? el(`${C}region`, leaf(`${C}code`, address.region_code), leaf(`${C}name`, address.region_name))
        : null,
      leaf(`${C}city`, address.city),
      leaf(`${C}street`, address.street),
      leaf(`${C}house`, address.house),
    ),
  );
}

function positionsElement(b: ContractBundle, warnings: string[]): XmlElement | null {
  if (b.items.length === 0) {
    warnings.push('В договоре нет спецификации: позиции договора (contractPositions) в сведения не включены');
    return null;
  }
  return el(
    `${C}contractPositions`,
    ...b.items.map((it) => {
      if (!it.okeiCode) {
        warnings.push(
          `Позиция ${it.lineNo} «${it.name}»: нет кода ОКЕИ, поэтому количество и цена за единицу в сведения не включены (схема ЕИС передаёт их только вместе с ОКЕИ)`,
        );
      }
      return el(
        `${C}contractPosition`,
        leaf(`${C}guid`, positionGuidOf(b.contract, it)),
        leaf(`${C}name`, it.name),
        leaf(`${C}ordinalNumber`, it.lineNo),
        it.okpd2Code ? el(`${C}okpd2`, leaf('code', it.okpd2Code)) : null,
        ...(it.okeiCode
          ? [
              el(`${C}okei`, leaf('code', it.okeiCode), leaf('name', it.unitName)),
              leaf(`${C}qty`, trimDecimal(it.quantity)),
              leaf(`${C}unitPrice`, trimDecimal(it.price)),
            ]
          : []),
      );
    }),
  );
}

/**
 * The EIS 223-ФЗ `contract` document (сведения о договоре) of one contract, in the element order of
 * contract.xsd 12.2. Facts the register does not keep are left out where the schema allows; the
 * required flags it has no data for (termination, extension, prolongation, subcontractor) are
 * written as false. Throws ExportFailure when a required value is missing.
 */
export function buildEisContractXml(input: EisContractBuild): BuiltXml {
  const b = input.bundle;
  const c = b.contract;
  const warnings: string[] = [];
  require223(c, 'Сведения');
  checkLength(c.subject, 2000, 'Предмет договора');
  checkLength(c.number, 500, 'Номер договора');
  const guid = contractGuidOf(c);
  const customer = customerOf(b, input.placer, true);
  const changes = b.events.filter((e) => e.kind === 'change');
  const changeContract = c.version > 1 || changes.length > 0;
  const lastChange = changes.at(-1)?.description ?? null;
  const m = b.method;
  if (m.kind === null) {
    warnings.push(
      `Способ закупки в реестре не указан: в сведениях указан код ${m.eisCode} (иной способ закупки), признак закупки в электронной форме — «нет»`,
    );
  }
  const electronic = m.electronic ?? false;
  if (!input.supplierAddress) {
    warnings.push(
      'Сведения о поставщике (supplierInfo) не включены: ЕИС требует адрес поставщика с почтовым индексом, а в реестре его нет — укажите адрес поставщика при выгрузке',
    );
  }
  const now = input.now ?? new Date();
  const data = el(
    `${C}contractData`,
    leaf(`${C}guid`, guid),
    leaf(`${C}termination`, false),
    leaf(`${C}extension`, false),
    leaf(`${C}prolongation`, false),
    leaf(`${C}urlEIS`, c.eisUrl?.slice(0, 3000)),
    ...partiesElements(now, customer, input.placer),
    leaf(`${C}version`, c.version),
    changeContract ? leaf(`${C}modificationDescription`, lastChange?.slice(0, 2000)) : null,
    leaf(`${C}digitalPurchase`, electronic),
    leaf(`${C}digitalPurchaseCode`, `${m.eisCode}${electronic ? '1' : '2'}`.slice(0, 6)),
    leaf(`${C}provider`, c.supplierIsSme),
    c.supplierIsSme ? leaf(`${C}providerCode`, '30') : null,
    leaf(`${C}changeContract`, changeContract),
    leaf(`${C}contractRegNumber`, regNumber23(c)),
    leaf(`${C}name`, c.number),
    leaf(`${C}contractDate`, c.contractDate),
    leaf(`${C}subjectContract`, c.subject),
    el(`${C}purchaseTypeInfo`, leaf(`${C}code`, m.eisCode), leaf(`${C}name`, m.eisName?.slice(0, 500))),
    input.supplierAddress ? supplierElement(b, input.supplierAddress) : null,
    leaf(`${C}price`, money2(c.price)),
    currencyElement(`${C}currency`, c.currencyCode),
    leaf(`${C}startExecutionDate`, c.startDate),
    leaf(`${C}endExecutionDate`, c.endDate),
    positionsElement(b, warnings),
  );
  const xml = renderEisDocument('contract', now, data);
  if (!c.eisGuid) {
    warnings.push(
      `У договора нет GUID ЕИС: в сведениях указан постоянный идентификатор ${guid}, сформированный системой`,
    );
  }
  return { xml, warnings, guid, fileName: eisFileName('contract', c, c.contractDate) };
}
