import { sql } from 'drizzle-orm';
import { hashPassword } from '../../../modules/auth/auth.service.js';
import type { Db } from '../../client.js';
import { bankRequisites, companies, companyMembers, contacts, customers, users } from '../../schema/index.js';
import { seedDemoAnalytics } from './analytics.demo-seed.js';
import { seedDemoBids } from './bids.demo-seed.js';
import { seedDemoCompliance } from './compliance.demo-seed.js';
import { seedDemoContracts } from './contracts.demo-seed.js';
import { seedDemoPlans } from './eis-plans.demo-seed.js';
import { seedDemoNmck } from './nmck.demo-seed.js';
import { seedDemoProcurementRules } from './procurement-rules.demo-seed.js';
import { seedDemoProcurements } from './procurements.demo-seed.js';
import { seedDemoSmeReport } from './sme-report.demo-seed.js';

export const DEMO_PASSWORD = 'demo-password';

/** Demo companies: every ИНН, КПП, ОГРН and account passes its checksum. */
export const DEMO_COMPANIES = [
  {
    key: 'provider',
    title: 'ООО «Закупки-Сервис»',
    fullTitle: 'Общество с ограниченной ответственностью «Закупки-Сервис»',
    inn: '7705123452',
    kpp: '770501001',
    ogrn: '1027700123450',
    legalAddress: '115054, г. Москва, ул. Валовая, д. 10',
    isProvider: true,
    bank: {
      bankName: 'ПАО Сбербанк',
      bik: '044525225',
      settlementAccount: '40702810200000012345',
      correspondentAccount: '30101810400000000225',
    },
    contacts: [
      {
        fullName: 'Соколова Анна Викторовна',
        position: 'Руководитель отдела сопровождения',
        email: 'sokolova@zakupki-servis.ru',
        phone: '+7 495 123-45-67',
        isActive: true,
      },
      {
        fullName: 'Петров Игорь Сергеевич',
        position: 'Юрист',
        email: 'petrov@zakupki-servis.ru',
        phone: '+7 495 123-45-68',
        isActive: false,
      },
    ],
    customer: {
      title: 'ООО «Закупки-Сервис»',
      inn: '7705123452',
      kpp: '770501001',
      ogrn: '1027700123450',
      address: '115054, г. Москва, ул. Валовая, д. 10',
    },
  },
  {
    key: 'client1',
    title: 'АО «Энергосеть»',
    fullTitle: 'Акционерное общество «Энергосеть»',
    inn: '5003123458',
    kpp: '500301001',
    ogrn: '1155000123453',
    legalAddress: '142700, Московская обл., г. Видное, ул. Строительная, д. 3',
    isProvider: false,
    bank: {
      bankName: 'АО «Альфа-Банк»',
      bik: '044525593',
      settlementAccount: '40702810800000012345',
      correspondentAccount: '30101810200000000593',
    },
    contacts: [
      {
        fullName: 'Кузнецов Дмитрий Олегович',
        position: 'Начальник отдела закупок',
        email: 'kuznetsov@energoset.ru',
        phone: '+7 495 765-43-21',
        isActive: true,
      },
      {
        fullName: 'Орлова Мария Андреевна',
        position: 'Специалист по закупкам',
        email: 'orlova@energoset.ru',
        phone: '+7 495 765-43-22',
        isActive: false,
      },
      {
        fullName: 'Белов Алексей Петрович',
        position: 'Главный бухгалтер',
        email: 'belov@energoset.ru',
        phone: '+7 495 765-43-23',
        isActive: false,
      },
    ],
    customer: {
      title: 'АО «Энергосеть»',
      inn: '5003123458',
      kpp: '500301001',
      ogrn: '1155000123453',
      address: '142700, Московская обл., г. Видное, ул. Строительная, д. 3',
    },
  },
  {
    key: 'client2',
    title: 'ГУП «Водоканал Северо-Запад»',
    fullTitle: 'Государственное унитарное предприятие «Водоканал Северо-Запад»',
    inn: '7810123451',
    kpp: '781001001',
    ogrn: '1077800123455',
    legalAddress: '196084, г. Санкт-Петербург, Лиговский пр., д. 266',
    isProvider: false,
    bank: {
      bankName: 'ПАО «Банк «Санкт-Петербург»',
      bik: '044030653',
      settlementAccount: '40702810700000012345',
      correspondentAccount: '30101810500000000653',
    },
    contacts: [
      {
        fullName: 'Лебедева Ольга Ивановна',
        position: 'Заместитель директора по закупкам',
        email: 'lebedeva@vodokanal-sz.ru',
        phone: '+7 812 300-10-10',
        isActive: true,
      },
      {
        fullName: 'Смирнов Павел Андреевич',
        position: 'Инженер',
        email: 'smirnov@vodokanal-sz.ru',
        phone: '+7 812 300-10-11',
        isActive: false,
      },
    ],
    customer: {
      title: 'ГУП «Водоканал Северо-Запад»',
      inn: '7810123451',
      kpp: '781001001',
      ogrn: '1077800123455',
      address: '196084, г. Санкт-Петербург, Лиговский пр., д. 266',
    },
  },
] as const;

export const DEMO_USERS = [
  {
    login: 'admin@demo.local',
    title: 'Администратор Системы',
    role: 'admin',
    company: 'provider',
    memberOf: ['provider'],
  },
  {
    login: 'specialist@demo.local',
    title: 'Иванова Елена (специалист)',
    role: 'specialist',
    company: 'provider',
    memberOf: ['provider', 'client1', 'client2'],
  },
  {
    login: 'operator@demo.local',
    title: 'Смирнов Олег (оператор)',
    role: 'operator',
    company: 'provider',
    memberOf: ['provider', 'client1', 'client2'],
  },
  {
    login: 'client@demo.local',
    title: 'Кузнецов Дмитрий',
    role: 'client',
    company: 'client1',
    memberOf: ['client1'],
  },
  {
    login: 'client2@demo.local',
    title: 'Лебедева Ольга',
    role: 'client',
    company: 'client2',
    memberOf: ['client2'],
  },
] as const;

export type DemoIds = {
  companies: Record<'provider' | 'client1' | 'client2', number>;
  users: Record<string, number>;
};

/**
 * What of the demo procurements to seed: all with their generated documentation (a start), the
 * procurements alone, or none (the default of the server tests' harness, whose files make their
 * own procurements and count them).
 */
export type DemoProcurements = 'documents' | 'plain' | 'none';

/** Seeds the demo data into an empty database; returns ids. Does nothing (returns null) if users exist. */
export async function seedDemo(
  db: Db,
  opts: { procurements?: DemoProcurements } = {},
): Promise<DemoIds | null> {
  const procurements = opts.procurements ?? 'documents';
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if (Number(n) > 0) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const ids: DemoIds = { companies: {} as DemoIds['companies'], users: {} };
    for (const c of DEMO_COMPANIES) {
      const [row] = await tx
        .insert(companies)
        .values({
          title: c.title,
          fullTitle: c.fullTitle,
          inn: c.inn,
          kpp: c.kpp,
          ogrn: c.ogrn,
          legalAddress: c.legalAddress,
          postalAddress: c.legalAddress,
          isProvider: c.isProvider,
          email: c.contacts[0].email,
          phone: c.contacts[0].phone,
        })
        .returning({ id: companies.id });
      ids.companies[c.key] = row.id;
      await tx.insert(contacts).values(c.contacts.map((ct) => ({ ...ct, companyId: row.id })));
      await tx.insert(bankRequisites).values({ ...c.bank, companyId: row.id, isMain: true });
      await tx.insert(customers).values({ ...c.customer, companyId: row.id });
    }
    for (const u of DEMO_USERS) {
      const [row] = await tx
        .insert(users)
        .values({
          login: u.login,
          title: u.title,
          role: u.role,
          companyId: ids.companies[u.company],
          passwordHash,
          status: 'active',
        })
        .returning({ id: users.id });
      ids.users[u.login] = row.id;
      await tx
        .insert(companyMembers)
        .values(u.memberOf.map((k) => ({ userId: row.id, companyId: ids.companies[k] })));
    }
    await seedDemoContracts(tx, ids);
    await seedDemoProcurementRules(tx, ids);
    await seedDemoPlans(tx, ids);
    if (procurements !== 'none') {
      await seedDemoProcurements(tx, ids, { documents: procurements === 'documents' });
      await seedDemoBids(tx, ids);
      await seedDemoNmck(tx, ids);
      await seedDemoAnalytics(tx, ids);
    }
    await seedDemoCompliance(tx, ids);
    await seedDemoSmeReport(tx, ids);
    return ids;
  });
}
