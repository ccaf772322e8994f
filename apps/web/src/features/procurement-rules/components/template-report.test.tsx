import { screen } from '@testing-library/react';
import type { TemplateReport } from '@zakupki/shared/api/procurement-rules';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render';
import { TemplateReportView } from './template-report';

const REPORT: TemplateReport = {
  tags: ['customer_name', 'company.title'],
  unknown: [],
  malformed: [],
  missing_required: [],
  warnings: ['Поле «customer_name» устарело: используйте «customer.title»'],
  rule: null,
};

describe('TemplateReportView', () => {
  it('shows an older field name as a warning naming the new one', () => {
    renderApp(
      <TemplateReportView name="Извещение.docx" report={REPORT} refused={false} onClose={() => {}} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Шаблон «Извещение.docx» загружен');
    expect(alert.textContent).toContain('Поле «customer_name» устарело: используйте «customer.title»');
    expect(alert.textContent).not.toContain('Не использованы обязательные поля');
  });

  it('a template without older names draws no warning', () => {
    renderApp(
      <TemplateReportView
        name="Извещение.docx"
        report={{ ...REPORT, warnings: [] }}
        refused={false}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).not.toContain('устарело');
  });
});
