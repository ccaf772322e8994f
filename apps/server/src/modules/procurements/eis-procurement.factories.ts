import fs from 'node:fs';
import path from 'node:path';
import { procurementRuleRoutes as r, type VersionInput } from '@zakupki/shared';
import type { TestApp } from '../../../test/harness.js';
import { entryIds, versionBody } from '../procurement-rules/procurement-rules.factories.js';

/** Test data of the EIS notice and protocol import: samples and the Положение they need. */

const DIR = path.resolve(import.meta.dirname, '../../../test/fixtures/eis223');

export const NOTICE = 'homyakin__purchaseNotice_test.xml';
export const NOTICE_ZK = 'homyakin__purchaseNoticeZK_test.xml';
export const PLAN = 'homyakin__purchasePlan_test.xml';
export const PROTOCOL =
  'khudim__purchaseProtocol_Krasnodarskii_krai_20170221_000000_20170221_235959_daily_001.xml';
export const PROTOCOL_PAEP =
  'khudim__purchaseProtocolPAEP_Tambovskaya_obl_20170217_000000_20170217_235959_daily_001.xml';

/** The customers (ИНН) of the real samples. */
export const INNS = {
  rosneft: '7706107510',
  adygea: '0105062780',
  krasnodar: '2309074812',
  tambov: '6806003368',
} as const;

export const sample = (name: string) => fs.readFileSync(path.join(DIR, name), 'utf8');
export const file = (name: string, xml: string = sample(name)) => ({ name, data: Buffer.from(xml, 'utf8') });

/** Replaces one element's text (every occurrence) in a sample. */
export const setTag = (xml: string, tag: string, value: string) =>
  xml.replace(new RegExp(`(<(?:ns2:)?${tag}>)[^<]*(</(?:ns2:)?${tag}>)`, 'g'), `$1${value}$2`);

/**
 * A notice made from the real TFF-5.0 notice for a notice number the samples lack (the notices of
 * the two real protocols): its number, customer, method and lot sum replaced, the rest as it is.
 */
export function noticeFor(o: {
  number: string;
  inn: string;
  kpp: string;
  name: string;
  method: string;
  sum: string;
}) {
  let xml = sample(NOTICE);
  xml = setTag(xml, 'registrationNumber', o.number);
  xml = xml.replace(/<inn>7706107510<\/inn>/g, `<inn>${o.inn}</inn>`);
  xml = xml.replace(/<kpp>770601001<\/kpp>/g, `<kpp>${o.kpp}</kpp>`);
  xml = xml.replace(/ПАО "НК "РОСНЕФТЬ"/g, o.name);
  xml = setTag(xml, 'purchaseCodeName', o.method);
  xml = setTag(xml, 'initialSum', o.sum);
  return xml;
}

/** A published Положение for all customers of the company, in force since `from` (as the admin). */
export async function publishedRule(
  t: TestApp,
  companyId: number,
  from = '2010-01-01',
  body: (methods: Record<string, number>) => VersionInput = versionBody,
) {
  const methods = await entryIds(t, 'method');
  const rule = await t.call(r.create, {
    params: { company_id: companyId },
    body: { title: 'Положение о закупке' },
    as: 'admin',
  });
  if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${JSON.stringify(rule.body)}`);
  const p = { company_id: companyId, rule_id: rule.body.id };
  const version = await t.call(r.createVersion, { params: p, body: body(methods), as: 'admin' });
  if (version.status !== 201) throw new Error(`version: ${version.status} ${JSON.stringify(version.body)}`);
  const v = { ...p, version_id: version.body.id };
  const approved = await t.call(r.approve, {
    params: v,
    body: {
      approving_body: 'supervisory_board',
      decision_number: '1',
      decision_date: from,
      effective_from: from,
    },
    as: 'admin',
  });
  if (approved.status !== 200)
    throw new Error(`approve: ${approved.status} ${JSON.stringify(approved.body)}`);
  const published = await t.call(r.publish, {
    params: v,
    body: { eis_published_on: from, eis_registration_number: '1100000001' },
    as: 'admin',
  });
  if (published.status !== 200)
    throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
  return { ruleId: rule.body.id, versionId: version.body.id, methods };
}
