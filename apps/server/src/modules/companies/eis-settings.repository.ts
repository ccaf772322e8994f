import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companyEisSettings } from '../../db/schema/index.js';

export type EisSettingsRow = typeof companyEisSettings.$inferSelect;

export async function findEisSettings(tx: Tx, companyId: number): Promise<EisSettingsRow | null> {
  const [row] = await tx
    .select()
    .from(companyEisSettings)
    .where(eq(companyEisSettings.companyId, companyId))
    .limit(1);
  return row ?? null;
}

export async function saveEisSettingsRow(
  tx: Tx,
  companyId: number,
  v: { eisLogin: string; certificateThumbprint: string; passwordSecret: string | null },
): Promise<EisSettingsRow> {
  const now = new Date();
  const [row] = await tx
    .insert(companyEisSettings)
    .values({ companyId, ...v, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: companyEisSettings.companyId, set: { ...v, updatedAt: now } })
    .returning();
  return row;
}
