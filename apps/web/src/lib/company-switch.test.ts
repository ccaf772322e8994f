import { describe, expect, it } from 'vitest';
import { listAfterCompanySwitch } from './company';

describe('where a screen goes when the company changes', () => {
  it.each([
    ['/documents/7', '?tab=lots', '/documents'],
    ['/procurement_documents/7', '', '/documents'],
    ['/eisPlanItems/2260123456-12', '', '/eisPlans'],
    ['/eisPlans', '?plan=4&version=2', '/eisPlans'],
    ['/procurementsRules/3/versions', '', '/procurementsRules'],
    ['/procurementsRules/3/versions/5/documentsRules', '', '/procurementsRules'],
    ['/files/12', '', '/'],
    ['/contracts/register', '?contract=9&tab=spec', '/contracts/register'],
    ['/contracts/execution', '?upd=4', '/contracts/execution'],
  ])('%s%s → %s', (path, search, list) => expect(listAfterCompanySwitch(path, search)).toBe(list));

  it.each([
    ['/documents', '?status=draft'],
    ['/eisPlans', '?year=2026'],
    ['/contracts/register', '?status=active'],
    ['/', ''],
    ['/procurementsRules', ''],
  ])('a list stays: %s%s', (path, search) => expect(listAfterCompanySwitch(path, search)).toBeNull());
});
