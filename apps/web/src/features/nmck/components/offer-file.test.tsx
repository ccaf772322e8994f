import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fileRoutes } from '@zakupki/shared/api/files';
import { type NmckJustification, type NmckSource, nmckRoutes as r } from '@zakupki/shared/api/nmck';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { errorBody, reply, stubRoute } from '../../../test/stub-api';
import { NmckTab } from './nmck-tab';

const offer = (over: Partial<NmckSource> = {}): NmckSource => ({
  id: 7,
  kind: 'offer',
  lot_number: 1,
  line_no: 1,
  price: '1000.00',
  includes_vat: true,
  vat_rate: '22%',
  source_date: '2026-11-20',
  index: null,
  index_source: null,
  note: null,
  supplier_inn: '7707083893',
  supplier_name: 'ООО «Поставщик»',
  file_id: null,
  request_id: null,
  contract_item_id: null,
  contract_number: null,
  registry_number: null,
  url: null,
  title: null,
  adjusted_price: '1000.00',
  old: false,
  file_name: null,
  ...over,
});
const stats = {
  count: 1,
  mean: '1000.00',
  min: '1000.00',
  max: '1000.00',
  deviation: '0.00',
  variation: '0.00',
  too_varied: false,
};
const justification = (source: NmckSource): NmckJustification => ({
  procurement_id: 5,
  procurement_status: 'draft',
  settings: {
    methods: ['market'],
    min_prices: 3,
    max_variation: 33,
    unit_price: 'mean',
    vat_basis: 'with_vat',
    max_age_months: 6,
  },
  method: 'market',
  nmcd: '10000.00',
  result_nmcd: null,
  lots: [{ number: 1, subject: 'Кабель', nmcd: '10000.00', result_nmcd: null }],
  items: [
    {
      lot_number: 1,
      line_no: 1,
      name: 'Кабель',
      okpd2_code: '27.32.13.110',
      okei_code: '006',
      unit_name: 'м',
      quantity: '10',
      unit_price: '1000.00',
      sources: [source],
      stats,
      result_unit_price: null,
      result_amount: null,
      refusal: 'Цен: 1, нужно не меньше 3.',
    },
  ],
  applied_at: null,
  document: { state: 'none', generated_at: null },
  requests: [],
});

let current: NmckJustification;
let downloads: string[];
const open = (canWrite = true) =>
  renderApp(<NmckTab companyId={DEMO_COMPANY.id} procurementId={5} number="5" canWrite={canWrite} />);
const item = () => screen.findByTestId('nmck-item-1-1');

beforeEach(() => {
  loginAs('specialist');
  current = justification(offer());
  stubRoute(r.get, () => current);
  downloads = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.restoreAllMocks();
});

describe('the file of a commercial offer on the «Обоснование НМЦД» tab', { timeout: 20_000 }, () => {
  it('«Файл предложения» uploads the chosen file to the offer and shows its name, which downloads it', async () => {
    const upload = stubRoute(r.offerFile, () => {
      current = justification(offer({ file_id: 42, file_name: 'КП.pdf' }));
      return current;
    });
    const file = stubRoute(fileRoutes.get, reply(200, '%PDF-1.7', { 'content-type': 'application/pdf' }));
    open();
    const card = await item();
    within(card).getByRole('button', { name: 'Файл предложения' });
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('.pdf');
    await userEvent.upload(input, new File(['%PDF-1.7'], 'КП.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(upload.calls).toHaveLength(1));
    expect(upload.calls[0].params).toMatchObject({ source_id: '7' });
    expect((upload.calls[0].body as unknown as FormData).get('file')).toBeInstanceOf(File);
    const link = await within(card).findByRole('button', { name: 'КП.pdf' });
    await userEvent.click(link);
    await waitFor(() => expect(file.calls).toHaveLength(1));
    expect(file.calls[0].params).toMatchObject({ id: '42' });
    await waitFor(() => expect(downloads).toEqual(['КП.pdf']));
  });

  it('«Заменить» uploads another file; × detaches it; a refusal is shown', async () => {
    current = justification(offer({ file_id: 42, file_name: 'КП.pdf' }));
    const upload = stubRoute(
      r.offerFile,
      reply(
        400,
        errorBody('invalid_file', 'Файл «setup.exe» не принят: для коммерческого предложения допустимы PDF'),
      ),
    );
    const remove = stubRoute(r.removeOfferFile, () => {
      current = justification(offer());
      return current;
    });
    open();
    const card = await item();
    expect(within(card).getByRole('button', { name: 'Заменить' })).toBeTruthy();
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['MZ'], 'setup.exe'), { applyAccept: false });
    await waitFor(() => expect(upload.calls).toHaveLength(1));
    expect(await screen.findByText(/setup\.exe.*не принят/)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Убрать файл предложения' }));
    await waitFor(() => expect(remove.calls).toHaveLength(1));
    expect(await within(card).findByRole('button', { name: 'Файл предложения' })).toBeTruthy();
  });

  it('without write access the file only downloads', async () => {
    current = justification(offer({ file_id: 42, file_name: 'КП.pdf' }));
    open(false);
    const card = await item();
    expect(within(card).getByRole('button', { name: 'КП.pdf' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Заменить' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Убрать файл предложения' })).toBeNull();
  });
});
