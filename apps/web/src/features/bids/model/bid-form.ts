import type { Bid, ProcurementResults } from '@zakupki/shared/api/bids';
import { type BidInput, RUSSIA_OKSM } from '@zakupki/shared/api/bids-model';

type Lot = ProcurementResults['lots'][number];

/** The bid form's values: money as typed (number or string), the received time as «ГГГГ-ММ-ДД ЧЧ:ММ». */
export type BidValues = {
  lot_id: string;
  participant_inn: string;
  participant_kpp: string;
  participant_name: string;
  participant_address: string;
  participant_is_sme: boolean;
  received_at: string;
  price: string | number;
  items: { item_id: number; line_no: number; name: string; quantity: string; unit_price: string | number }[];
  country_code: string;
  country_name: string;
};

/** «2026-03-02T10:15:00+03:00» → «2026-03-02 10:15» in Moscow time (the server keeps the offset). */
export function moscowLocal(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const m = new Date(d.getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${m.getUTCFullYear()}-${p(m.getUTCMonth() + 1)}-${p(m.getUTCDate())} ${p(m.getUTCHours())}:${p(m.getUTCMinutes())}`;
}

/** The items of the lot with the bid's unit prices (empty for a new bid). */
export const itemRows = (lot: Lot | undefined, bid: Bid | null): BidValues['items'] =>
  (lot?.items ?? []).map((it) => ({
    item_id: it.id,
    line_no: it.line_no,
    name: it.name,
    quantity: it.quantity,
    unit_price: bid?.items.find((b) => b.item_id === it.id)?.unit_price ?? '',
  }));

export function bidValues(lot: Lot | undefined, bid: Bid | null): BidValues {
  return {
    lot_id: lot ? String(lot.id) : '',
    participant_inn: bid?.participant_inn ?? '',
    participant_kpp: bid?.participant_kpp ?? '',
    participant_name: bid?.participant_name ?? '',
    participant_address: bid?.participant_address ?? '',
    participant_is_sme: bid?.participant_is_sme ?? false,
    received_at: bid ? moscowLocal(bid.received_at) : '',
    price: bid?.price ?? '',
    items: itemRows(lot, bid),
    country_code: bid?.country_code ?? RUSSIA_OKSM,
    country_name: bid?.country_name ?? '',
  };
}

const text = (v: string) => v.trim() || null;

/**
 * The body of POST / PUT …/bids. With items the price may be left empty: the server sums the
 * items' amounts; every item of the lot then needs its price.
 */
export function bidBody(v: BidValues): BidInput {
  const price = String(v.price).trim();
  return {
    lot_id: Number(v.lot_id) || 0,
    participant_inn: v.participant_inn,
    participant_kpp: text(v.participant_kpp),
    participant_name: v.participant_name,
    participant_address: text(v.participant_address),
    participant_is_sme: v.participant_is_sme,
    received_at: v.received_at.trim().replace(' ', 'T'),
    price: price === '' ? null : price,
    items: v.items.map((it) => ({ item_id: it.item_id, unit_price: String(it.unit_price).trim() })),
    country_code: text(v.country_code),
    country_name: text(v.country_name),
  };
}

/** A lot without items needs the price typed (the schema lets it be null for the items' sum). */
export const priceMissing = (v: BidValues): string | null =>
  v.items.length === 0 && String(v.price).trim() === '' ? 'Укажите цену заявки' : null;
