import type { TariffLimit } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import type { CatalogUsageChecker } from '../modules/catalogs/catalogs.service.js';
import type { DutyEisMarkReader } from '../modules/compliance/duty-eis-marks.service.js';
import type { FileOwnerResolver } from '../modules/files/file-owners.js';
import type { TariffCounter } from '../modules/tariffs/tariffs.service.js';
import type { ModuleJobs } from './jobs.js';

/**
 * A module, declared: everything it plugs into the app. `app.ts` collects the declarations of the
 * module list (`modules/index.ts`) into `deps.declared` before any route runs, and
 * `registerModules` registers the routes, sockets and jobs. No module registers anything as a
 * side effect, and nothing is taken back by hand: a declaration lives as long as its app
 * (test/modules.test.ts checks the module files for side effects).
 */
export type ModuleDeclaration = {
  /** the module's folder name (modules/<name>) */
  name: string;
  /** registers the module's HTTP routes (`addRoute`, `addUploadRoute` of lib/route.ts) */
  routes?: (app: FastifyInstance) => void;
  /** registers its socket handlers (`app.deps.sockets.onAuth`/`onUnauth`) */
  sockets?: (app: FastifyInstance) => void;
  /** the durable jobs it owns (its `*.jobs.ts`), registered with the queue */
  jobs?: ModuleJobs;
  /** what its tables keep of stored files: the file page asks every resolver (files module) */
  fileOwners?: readonly FileOwnerResolver[];
  /** its references to catalogue entries: a referenced entry is archived, never deleted (catalogs) */
  catalogUsage?: readonly CatalogUsageChecker[];
  /** the tariff limits it counts (tariffs): one module per limit */
  tariffCounters?: Partial<Record<TariffLimit, TariffCounter>>;
  /**
   * what the EIS shows of the objects the compliance calendar's duties name (compliance): one
   * module at most
   */
  dutyEisMarks?: DutyEisMarkReader;
  /** runs once the server listens (after the start's migrations and seeding): a first job run */
  onListen?: (app: FastifyInstance) => Promise<void>;
  /** releases what the module holds beyond its app (a worker pool): runs when the app closes */
  onClose?: () => Promise<void> | void;
};

/** The declarations of every module, collected: what the lower modules ask of the upper ones. */
export type Declared = {
  fileOwners: readonly FileOwnerResolver[];
  catalogUsage: readonly CatalogUsageChecker[];
  tariffCounters: Readonly<Partial<Record<TariffLimit, TariffCounter>>>;
  dutyEisMarks: DutyEisMarkReader | null;
};

/** A module's declaration (typed; nothing happens until the app reads the module list). */
export const defineModule = <const M extends ModuleDeclaration>(module: M): M => module;

/** Collects the declarations of a module list; a limit counted by two modules is a wiring error. */
export function collectDeclarations(modules: readonly ModuleDeclaration[]): Declared {
  const names = new Set<string>();
  const tariffCounters: Partial<Record<TariffLimit, TariffCounter>> = {};
  const counted = new Map<TariffLimit, string>();
  let dutyEisMarks: { reader: DutyEisMarkReader; by: string } | null = null;
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`Module "${m.name}" is declared twice`);
    names.add(m.name);
    if (m.dutyEisMarks) {
      if (dutyEisMarks)
        throw new Error(`The duties' EIS marks are read by both "${dutyEisMarks.by}" and "${m.name}"`);
      dutyEisMarks = { reader: m.dutyEisMarks, by: m.name };
    }
    for (const [limit, counter] of Object.entries(m.tariffCounters ?? {}) as [TariffLimit, TariffCounter][]) {
      const other = counted.get(limit);
      if (other) throw new Error(`Tariff limit "${limit}" is counted by both "${other}" and "${m.name}"`);
      counted.set(limit, m.name);
      tariffCounters[limit] = counter;
    }
  }
  return Object.freeze({
    fileOwners: Object.freeze([...new Set(modules.flatMap((m) => m.fileOwners ?? []))]),
    catalogUsage: Object.freeze(modules.flatMap((m) => m.catalogUsage ?? [])),
    tariffCounters: Object.freeze(tariffCounters),
    dutyEisMarks: dutyEisMarks?.reader ?? null,
  });
}
