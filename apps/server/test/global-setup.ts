import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { adminQuery, templateName, withDatabase } from './pg-admin.js';

/**
 * With TEST_DATABASE_URL, migrates one template database; every test file then gets its own
 * database copied from it (fast), so files run in parallel against real PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  // unique per run: parallel runs on one server must not drop each other's template
  const tpl = `${templateName(url)}_${process.pid}`;
  project.provide('pgTemplate', tpl);
  await adminQuery(url, `drop database if exists "${tpl}" with (force)`);
  await adminQuery(url, `create database "${tpl}"`);
  const database = await openDatabase({ url: withDatabase(url, tpl) });
  await database.migrate();
  await database.close();
  return async () => {
    await adminQuery(url, `drop database if exists "${tpl}" with (force)`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
  }
}
