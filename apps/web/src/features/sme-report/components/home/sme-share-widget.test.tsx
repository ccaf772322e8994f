import { screen, within } from '@testing-library/react';
import { smeReportRoutes } from '@zakupki/shared/api/sme-report';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { todayIso } from '../../../../lib/formatters';
import { sessionStore } from '../../../../lib/session-store';
import { loginAs, renderApp } from '../../../../test/render';
import { stubRoute } from '../../../../test/stub-api';
import { report } from '../../test/fixtures';
import { SmeShareWidget } from './sme-share-widget';

const year = Number(todayIso().slice(0, 4));

beforeEach(() => loginAs('client'));
afterEach(() => sessionStore.set({ status: 'anonymous' }));

describe('the SME shares on the main page', () => {
  it('shows the year-to-date shares against the quotas, from the current year’s report', async () => {
    const base = report();
    const get = stubRoute(
      smeReportRoutes.get,
      report({
        year,
        partial: true,
        period_to: `${year}-06-30`,
        quotas: base.quotas.map((q) =>
          q.code === 'sme_only' ? { ...q, share_percent: '12.50', met: false } : q,
        ),
      }),
    );
    renderApp(<SmeShareWidget companyId={1} />);
    const sme = await screen.findByTestId('share-sme');
    expect(within(sme).getByText('45,06 %')).toBeTruthy();
    expect(within(sme).getByText('выполнен')).toBeTruthy();
    const smeOnly = screen.getByTestId('share-sme_only');
    expect(within(smeOnly).getByText('12,50 %')).toBeTruthy();
    expect(within(smeOnly).getByText('не выполнен')).toBeTruthy();
    expect(screen.getByText(new RegExp(`по 30\\.06\\.${year}`))).toBeTruthy();
    expect(get.calls.at(-1)?.params.year).toBe(String(year));
    expect(screen.getByRole('link', { name: 'Отчёт о закупках у субъектов МСП' }).getAttribute('href')).toBe(
      `/contracts/smeReport?year=${year}`,
    );
  });
});
