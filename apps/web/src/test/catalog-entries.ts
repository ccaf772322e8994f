/**
 * A method of the methods catalogue as the API lists it (id 3, the electronic request for
 * quotations unless told otherwise), for the stubs of the tests that show a method.
 */
export const methodEntry = (over: { code?: string; title?: string } = {}) => ({
  id: 3,
  kind: 'method' as const,
  type_code: null,
  subject_type: null,
  code: over.code ?? 'e_quotation',
  title: over.title ?? 'Запрос котировок в электронной форме',
  description: null,
  company_id: null,
  company_title: null,
  archived_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  can_write: false,
  can_delete: false,
  form: 'quotation_request' as const,
  competitive: true,
  sme_only: false,
  electronic: true,
  closed: false,
});
