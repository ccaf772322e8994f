import path from 'node:path';
import { type EisScenario, startEisSimulator } from './eis-simulator.js';

/**
 * `npx tsx apps/server/src/dev/eis-simulator/main.ts`: the EIS simulator for `npm run dev`
 * (README «EIS simulator»). EIS_SIM_PORT (default 8089), EIS_SIM_TOKEN (default sim-token),
 * EIS_SIM_SCENARIO (default normal); the scenario can be changed while it runs with
 * `curl -XPOST localhost:8089/__scenario -d '{"scenario":"blockedToken"}'`.
 */
const dir = path.resolve(import.meta.dirname, '../../../test/fixtures/eis223');
const sim = await startEisSimulator({
  dir,
  port: Number(process.env.EIS_SIM_PORT ?? 8089),
  token: process.env.EIS_SIM_TOKEN ?? 'sim-token',
  scenario: (process.env.EIS_SIM_SCENARIO as EisScenario | undefined) ?? 'normal',
});
console.log(`EIS simulator: ${sim.endpoint} (token ${sim.token}, documents of ${sim.publishDay})`);
