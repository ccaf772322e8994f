import path from 'node:path';
import { systemRoutes } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { PDF_UNAVAILABLE } from '../../lib/pdf/pdf-converter.js';

// a node whose SOFFICE_PATH names no program: PDF is off, the rest of the app works as usual
const t = testAppForFile({ SOFFICE_PATH: path.join('/nonexistent', 'soffice') });

describe('public config: PDF availability', () => {
  it('without LibreOffice says PDF is unavailable and why, in Russian', async () => {
    const r = await t.call(systemRoutes.publicConfig);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ pdf_available: false, pdf_unavailable_reason: PDF_UNAVAILABLE });
    expect(r.body.support_phones.length).toBeGreaterThan(0);
  });

  it('with a converter that can work says PDF is available', async () => {
    const real = t.app.deps.pdf;
    t.app.deps.pdf = { unavailableReason: async () => null, toPdf: real.toPdf };
    try {
      const r = await t.call(systemRoutes.publicConfig);
      expect(r.body).toMatchObject({ pdf_available: true, pdf_unavailable_reason: null });
    } finally {
      t.app.deps.pdf = real;
    }
  });
});
