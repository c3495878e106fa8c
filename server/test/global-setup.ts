import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from './template-db';

export default async function setup(project: TestProject) {
  const runId = String(process.pid);
  project.provide('templateRunId', runId);
  await createTemplate(process.env.DATABASE_URL, runId);
  return () => dropTemplate(process.env.DATABASE_URL, runId);
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateRunId: string;
  }
}
