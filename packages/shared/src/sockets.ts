import { z } from 'zod';
import { EMAIL_PURPOSES } from './api/auth.js';
import type { DocumentField, FieldValue, ReadyDocumentRequest } from './api/procurement-documents.js';

/** Socket.IO namespaces of docs/product.md §7. */
export const NS_UNAUTH = '/unauth';
export const NS_AUTH = '/auth';

export const EmailServiceRequest = z.object({
  email: z.string().trim().toLowerCase().email('Введите корректный email'),
  purpose: z.enum(EMAIL_PURPOSES),
});
export type EmailServiceRequest = z.infer<typeof EmailServiceRequest>;

export type Ack = { ok: boolean; error: string | null };

/** Answer to a socket request refused before processing (over the per-connection rate limit). */
export type RequestRefused = { event: string; error: string };

/** Common fields every stored-notification push carries. */
export type Pushed = {
  notification_id: number;
  status: 'pending' | 'success' | 'warning' | 'error';
  header: string;
  message: string;
  code: string | null;
  /** the company it is about (null: none) and its title, as the stored notification names them */
  company_id: number | null;
  company_title: string | null;
  /** the app's path of what it is about (null: about nothing), as the stored notification links */
  link: string | null;
};

export type UnauthServerEvents = {
  emailServiceReceived: (p: { email: string; purpose: string }) => void;
  emailServiceResponse: (p: Ack & { email: string; purpose: string }) => void;
  /** a request over the connection's rate limit: refused at once, not processed */
  requestRefused: (p: RequestRefused) => void;
};
export type UnauthClientEvents = {
  emailServiceRequest: (p: EmailServiceRequest) => void;
};

export type AuthServerEvents = {
  readyDocumentReceived: (p: { procurement_id: number; job_id: string }) => void;
  readyDocumentResponse: (
    p: Pushed & {
      procurement_id: number;
      documents: {
        document_id: number;
        docx_file_id: number | null;
        pdf_file_id: number | null;
        error: string | null;
      }[];
      error: string | null;
    },
  ) => void;
  documentUserfieldsReceived: (p: {
    procurement_id: number;
    fields: DocumentField[];
    values: Record<string, FieldValue>;
    error: string | null;
  }) => void;
  catalogUserfieldsReceived: (p: { request_id: string }) => void;
  catalogUserfieldsResponse: (p: { request_id: string; items: unknown[]; error: string | null }) => void;
  copyProcurementRuleReceived: (p: { rule_id: number; job_id: string }) => void;
  copyProcurementRuleResponse: (
    p: Pushed & {
      rule_id: number;
      new_rule_id: number | null;
      target_company_id?: number;
      error: string | null;
      warnings?: string[];
      /** true when the same request had already made the copy: no new copy, new_rule_id is the earlier one */
      existed?: boolean;
    },
  ) => void;
  eisPlanResponse: (
    p: Pushed & {
      plan_id: number | null;
      registration_number: string | null;
      error: string | null;
      upload_file_name?: string;
      version?: number | null;
      positions?: number;
      violations?: string[];
      import_id?: number;
    },
  ) => void;
  /** the end of an EIS notices and protocols import (`eis-procurements`) */
  eisProcurementsResponse: (
    p: Pushed & {
      upload_file_name: string;
      /** the procurement when the run touched exactly one */
      procurement_id: number | null;
      procurement_ids: number[];
      error: string | null;
      import_id?: number;
    },
  ) => void;
  notificationMapInvoiceItemsResponse: (
    p: Pushed & { upload_file_name: string; error: string | null; import_id?: number },
  ) => void;
  notificationEisContractsResponse: (
    p: Pushed & {
      date_from: string | null;
      date_to: string | null;
      eais_registry_number: string | null;
      error: string | null;
      violations: string[];
      import_id?: number;
    },
  ) => void;
  notificationImportPaymentsResponse: (
    p: Pushed & { upload_file_name: string; error: string | null; import_id?: number },
  ) => void;
  notificationPerfomanceContractResponse: (
    p: Pushed & {
      performance_contract_guid: string | null;
      result: 'success' | 'error';
      error: string | null;
    },
  ) => void;
  reportCreateResponse: (
    p: Pushed & {
      contract_guid: string | null;
      report_code: string;
      contract_regnumber: string | null;
      error: string | null;
      file_id?: number | null;
      report_id?: number;
    },
  ) => void;
  /** generic stored notification (kinds without a docs/product.md event of their own) */
  notification: (p: Pushed & { kind: string; payload: unknown }) => void;
  /** a request over the connection's rate limit: refused at once, not processed, nothing stored */
  requestRefused: (p: RequestRefused) => void;
  jobProgress: (p: {
    job_id: string;
    kind: string;
    progress: number;
    import_id?: number;
    report_id?: number;
    /** an EIS sync run (kind `eis-sync`): its progress; its result is the one `eisSync` notice */
    eis_sync_run_id?: number;
    /** procurement documents: the procurement and the document just done */
    procurement_id?: number;
    document_id?: number;
  }) => void;
};
export type AuthClientEvents = {
  readyDocumentRequest: (p: ReadyDocumentRequest) => void;
  documentUserfieldsRequest: (p: { procurement_id: number }) => void;
  copyProcurementRuleRequest: (p: {
    rule_id: number;
    target_company_id: number;
    version_ids?: number[];
  }) => void;
  catalogUserfieldsRequest: (p: { request_id: string; company_id?: number; q?: string }) => void;
};

export const AUTH_SERVER_EVENTS = [
  'readyDocumentResponse',
  'readyDocumentReceived',
  'eisPlanResponse',
  'eisProcurementsResponse',
  'notificationMapInvoiceItemsResponse',
  'notificationEisContractsResponse',
  'notificationImportPaymentsResponse',
  'notificationPerfomanceContractResponse',
  'reportCreateResponse',
  'catalogUserfieldsResponse',
  'documentUserfieldsReceived',
  'catalogUserfieldsReceived',
  'copyProcurementRuleReceived',
  'copyProcurementRuleResponse',
] as const satisfies readonly (keyof AuthServerEvents)[];

export type NotificationKind = keyof AuthServerEvents;
