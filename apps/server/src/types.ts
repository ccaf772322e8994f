import type { Role } from '@zakupki/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as IoServer } from 'socket.io';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { PdfConverter } from './lib/pdf/pdf-converter.types.js';
import type { RecentFiles } from './modules/files/recent-files.js';
import type { Notifier } from './modules/notifications/notifications.service.js';
import type { JobQueue } from './plugins/jobs.js';
import type { Declared } from './plugins/module.js';
import type { Sockets } from './plugins/sockets.js';

/** Who is calling: built by the auth plugin from the session token. */
export type Actor = {
  userId: number;
  role: Role;
  companyId: number | null;
  title: string;
  login: string;
  sessionId: number;
  requestId: string | null;
};

export type AppDeps = {
  config: Config;
  /** what the declared modules give the lower ones: file owners, catalogue usage, tariff counters */
  declared: Declared;
  database: Database;
  db: Db;
  io: IoServer;
  jobs: JobQueue;
  notifier: Notifier;
  sockets: Sockets;
  log: FastifyBaseLogger;
  /** files this process has just stored, for the jobs that read them next */
  recentFiles: RecentFiles;
  /** DOCX -> PDF through LibreOffice (lib/pdf) */
  pdf: PdfConverter;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    public?: boolean;
    /** the path parameter naming the company a declared route acts on (lib/route.ts) */
    companyParam?: string;
  }
}
