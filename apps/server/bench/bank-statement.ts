import { checkSettlementAccount } from '@zakupki/shared';
import iconv from 'iconv-lite';
import pg from 'pg';

/** A small deterministic PRNG (mulberry32): the same file on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ru = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const money = (kopecks: number) => `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, '0')}`;
const rub = (kopecks: number) => `${Math.floor(kopecks / 100)}-${String(kopecks % 100).padStart(2, '0')}`;

/** A settlement account at the bank with this BIK whose control key is right. */
function accountFor(bik: string, seed: number): string {
  const body = String(seed).padStart(11, '0').slice(-11);
  for (let key = 0; key < 10; key++) {
    const account = `40702810${key}${body}`;
    if (checkSettlementAccount(account, bik) === null) return account;
  }
  throw new Error(`no control key for ${body}`);
}

type Contract = {
  number: string;
  date: string;
  registry: string | null;
  inn: string;
  kpp: string | null;
  name: string;
  price: number;
  law: string;
};

type Company = {
  inn: string;
  kpp: string;
  name: string;
  account: string;
  bik: string;
  bank: string;
  corr: string;
};

export type StatementStats = {
  documents: number;
  outgoing: number;
  incoming: number;
  bytes: number;
  /** outgoing payments whose purpose names a contract (number and date, or registry number) */
  naming: number;
};

const SUPPLIER_BANK = { bik: '044525225', bank: 'ПАО Сбербанк', corr: '30101810400000000225' };

/**
 * A year's bank statement of the company's main account as the bank exports it for 1C
 * (1CClientBankExchange 1.03, windows-1251, CRLF): outgoing payment orders to the suppliers of its
 * contracts — most name the contract by number and date, some by the EIS registry number, some only
 * a number, some nothing (an invoice) — and a share of incoming payments.
 */
export async function bankStatement(
  url: string,
  companyId: number,
  documents: number,
): Promise<{ data: Buffer; stats: StatementStats }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let company: Company;
  let contracts: Contract[];
  try {
    const [c] = (
      await client.query(
        `select co.inn, co.kpp, co.title as name, b.settlement_account as account, b.bik, b.bank_name as bank,
           b.correspondent_account as corr
         from companies co join bank_requisites b on b.company_id = co.id and b.is_main where co.id = $1`,
        [companyId],
      )
    ).rows;
    company = c;
    contracts = (
      await client.query(
        `select number, to_char(contract_date, 'YYYY-MM-DD') as date, eis_registry_number as registry,
           supplier_inn as inn, supplier_kpp as kpp, supplier_name as name, (price * 100)::bigint as price, law
         from contracts where company_id = $1 and status in ('concluded', 'executed', 'terminated')
         order by id`,
        [companyId],
      )
    ).rows.map((r) => ({ ...r, price: Number(r.price) }));
  } finally {
    await client.end();
  }
  const rand = prng(20260101);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
  const year = new Date().getUTCFullYear() - 1;
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const dayOf = () => {
    const d = new Date(Date.UTC(year, 0, 1 + Math.floor(rand() * 365)));
    return d.toISOString().slice(0, 10);
  };
  const accounts = new Map<string, string>();
  const accountOf = (inn: string) => {
    let a = accounts.get(inn);
    if (!a) {
      a = accountFor(SUPPLIER_BANK.bik, Number(inn.slice(2)));
      accounts.set(inn, a);
    }
    return a;
  };
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    'Кодировка=Windows',
    `Отправитель=${company.bank}`,
    'Получатель=Бухгалтерия предприятия, редакция 3.0',
    `ДатаСоздания=${ru(new Date().toISOString().slice(0, 10))}`,
    'ВремяСоздания=09:15:02',
    `ДатаНачала=${ru(from)}`,
    `ДатаКонца=${ru(to)}`,
    `РасчСчет=${company.account}`,
    'Документ=Платежное поручение',
    'СекцияРасчСчет',
    `ДатаНачала=${ru(from)}`,
    `ДатаКонца=${ru(to)}`,
    `РасчСчет=${company.account}`,
    'НачальныйОстаток=1250000.00',
    'ВсегоПоступило=0.00',
    'ВсегоСписано=0.00',
    'КонечныйОстаток=1250000.00',
    'КонецРасчСчет',
  ];
  const party = (role: 'Плательщик' | 'Получатель', p: Omit<Company, 'name'> & { name: string }) => [
    `${role}Счет=${p.account}`,
    `${role}=ИНН ${p.inn} ${p.name}`,
    `${role}ИНН=${p.inn}`,
    `${role}КПП=${p.kpp}`,
    `${role}1=${p.name}`,
    `${role}РасчСчет=${p.account}`,
    `${role}Банк1=${p.bank}`,
    `${role}Банк2=г. Москва`,
    `${role}БИК=${p.bik}`,
    `${role}Корсчет=${p.corr}`,
  ];
  const stats: StatementStats = { documents, outgoing: 0, incoming: 0, bytes: 0, naming: 0 };
  for (let n = 1; n <= documents; n++) {
    const c = pick(contracts);
    const date = dayOf();
    const supplier = {
      ...SUPPLIER_BANK,
      inn: c.inn,
      kpp: c.kpp ?? '',
      name: c.name,
      account: accountOf(c.inn),
    };
    const incoming = rand() < 0.05;
    // up to a fifth of the price: a few payments never exceed what is left to pay
    const amount = Math.max(100, Math.floor(c.price * (0.01 + rand() * 0.19)));
    const vat = Math.round((amount * 20) / 120);
    const invoice = `${1 + Math.floor(rand() * 900)}`;
    let purpose: string;
    if (incoming) {
      purpose = `Возврат обеспечения исполнения договора № ${c.number} от ${ru(c.date)}. НДС не облагается`;
    } else {
      const kind = rand();
      stats.naming += kind < 0.9 ? 1 : 0;
      purpose =
        kind < 0.6
          ? `Оплата по договору № ${c.number} от ${ru(c.date)} по счету № ${invoice} от ${ru(date)}. Сумма ${rub(amount)}, в т.ч. НДС (20%) ${rub(vat)}`
          : kind < 0.75
            ? `Оплата по дог. ${c.number} от ${ru(c.date)}г. за товары (работы, услуги). В том числе НДС 20 % - ${rub(vat)} рублей.`
            : kind < 0.9 && c.registry
              ? `Оплата по договору (реестровый номер ${c.registry}), счет ${invoice} от ${ru(date)}. НДС не облагается`
              : kind < 0.9
                ? `Аванс по договору № ${c.number} от ${ru(c.date)}. НДС не облагается`
                : `Оплата по счету № ${invoice} от ${ru(date)} за товары. Сумма ${rub(amount)}, в т.ч. НДС (20%) ${rub(vat)}`;
    }
    const payer = incoming ? supplier : company;
    const payee = incoming ? company : supplier;
    if (incoming) stats.incoming++;
    else stats.outgoing++;
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${n}`,
      `Дата=${ru(date)}`,
      `Сумма=${money(amount)}`,
      ...party('Плательщик', payer),
      ...party('Получатель', payee),
      incoming ? `ДатаПоступило=${ru(date)}` : `ДатаСписано=${ru(date)}`,
      'ВидОплаты=01',
      'Очередность=5',
      `НазначениеПлатежа=${purpose}`,
      'КонецДокумента',
    );
  }
  lines.push('КонецФайла', '');
  const data = iconv.encode(lines.join('\r\n'), 'win1251');
  stats.bytes = data.length;
  return { data, stats };
}
