import { parseArgs } from 'node:util';
import { checkInn, passwordProblem } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { companies, companyMembers, users } from '../db/schema/index.js';
import { hashPassword } from '../modules/auth/auth.service.js';

/**
 * Creates the first administrator on a real PostgreSQL (where no demo data is seeded):
 *   npm run admin:create -- --login admin@company.ru --password '…' --title 'Имя' --company 'ООО …' --inn 7705123452
 */
async function main() {
  const { values } = parseArgs({
    options: {
      login: { type: 'string' },
      password: { type: 'string' },
      title: { type: 'string', default: 'Администратор' },
      company: { type: 'string', default: 'Оператор системы' },
      inn: { type: 'string' },
      kpp: { type: 'string' },
    },
  });
  const fail = (m: string) => {
    console.error(m);
    process.exit(1);
  };
  if (!values.login || !/^[^@\s]+@[^@\s]+$/.test(values.login))
    fail('--login: укажите e-mail администратора');
  const passwordIssue = passwordProblem(values.password ?? '', values.login);
  if (passwordIssue) fail(`--password: ${passwordIssue}`);
  if (!values.inn || checkInn(values.inn))
    fail(`--inn: ${values.inn ? checkInn(values.inn) : 'укажите ИНН компании-оператора'}`);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const db = database.db;
  const login = values.login!.toLowerCase();
  const [exists] = await db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (exists) fail(`Пользователь ${login} уже существует`);
  const passwordHash = await hashPassword(values.password!);
  await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(companies)
      .values({ title: values.company!, inn: values.inn!, kpp: values.kpp ?? null, isProvider: true })
      .onConflictDoNothing()
      .returning({ id: companies.id });
    const companyId =
      c?.id ??
      (await tx.select({ id: companies.id }).from(companies).where(eq(companies.inn, values.inn!)))[0].id;
    const [u] = await tx
      .insert(users)
      .values({ login, title: values.title!, passwordHash, role: 'admin', companyId, status: 'active' })
      .returning({ id: users.id });
    await tx.insert(companyMembers).values({ userId: u.id, companyId });
  });
  console.log(`Администратор ${login} создан`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
