import { checkInn } from '@zakupki/shared/validators/requisites';

/** The demo accounts and companies the e2e server seeds (apps/server/src/db/seed/demo/demo.seed.ts). */
export const DEMO_COMPANIES = {
  provider: 'ООО «Закупки-Сервис»',
  client1: 'АО «Энергосеть»',
  client2: 'ГУП «Водоканал Северо-Запад»',
} as const;

export type DemoAccount = {
  role: 'admin' | 'specialist' | 'operator' | 'client';
  login: string;
  title: string;
  company: keyof typeof DEMO_COMPANIES;
};

export const DEMO_ACCOUNTS = {
  admin: { role: 'admin', login: 'admin@demo.local', title: 'Администратор Системы', company: 'provider' },
  specialist: {
    role: 'specialist',
    login: 'specialist@demo.local',
    title: 'Иванова Елена (специалист)',
    company: 'provider',
  },
  operator: {
    role: 'operator',
    login: 'operator@demo.local',
    title: 'Смирнов Олег (оператор)',
    company: 'provider',
  },
  client: { role: 'client', login: 'client@demo.local', title: 'Кузнецов Дмитрий', company: 'client1' },
  client2: { role: 'client', login: 'client2@demo.local', title: 'Лебедева Ольга', company: 'client2' },
} as const satisfies Record<string, DemoAccount>;

/** A suffix that keeps the data of one journey run apart from every other run on the shared server. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A random organisation ИНН (10 digits) with a correct check digit. */
export function randomInn(): string {
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  for (;;) {
    const digits = Array.from({ length: 9 }, (_, i) =>
      i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
    );
    const check = (digits.reduce((s, d, i) => s + d * weights[i], 0) % 11) % 10;
    const inn = `${digits.join('')}${check}`;
    if (checkInn(inn) === null) return inn;
  }
}
