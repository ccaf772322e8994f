import { Stack, Text } from '@mantine/core';
import { SINGLE_PARTICIPANT_RULE_TITLES } from '@zakupki/shared/api/bids-model';
import type { RuleMethodOut, RuleVersion } from '@zakupki/shared/api/procurement-rules';
import { DEFAULT_CRITERIA_TEXT } from '../model/evaluation-values';
import { nmckMethodsText, UNIT_PRICE_TITLES, VAT_BASIS_TITLES } from '../model/nmck-values';

const evaluationText = (m: RuleMethodOut) => {
  const e = m.evaluation;
  if (!e) return `${m.method_title}: по умолчанию (${DEFAULT_CRITERIA_TEXT})`;
  const criteria = e.criteria.map((c) => `${c.title} — ${c.weight} %`).join('; ');
  const preference =
    e.national_preference_percent === null
      ? 'без преференции'
      : `преференция российским товарам ${e.national_preference_percent} %`;
  return `${m.method_title}: ${criteria}; ${preference}; один участник — ${SINGLE_PARTICIPANT_RULE_TITLES[
    e.single_participant
  ].toLowerCase()}`;
};

/** The version's evaluation criteria per method and its НМЦД justification settings, read-only. */
export function VersionSettingsView({ version }: { version: RuleVersion }) {
  const n = version.nmck_settings;
  return (
    <Stack gap={2}>
      {version.methods.length ? (
        <Text size="xs" c="dimmed" data-testid="version-evaluation">
          Оценка заявок: {version.methods.map(evaluationText).join('. ')}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" data-testid="version-nmck">
        Обоснование НМЦД: {nmckMethodsText(n.methods)}; не менее {String(n.min_prices)} цен, коэффициент
        вариации не более {String(n.max_variation)} %; цена за единицу —{' '}
        {UNIT_PRICE_TITLES[n.unit_price].toLowerCase()}, {VAT_BASIS_TITLES[n.vat_basis].toLowerCase()}; цена
        устаревает через {String(n.max_age_months)} мес.
      </Text>
    </Stack>
  );
}
