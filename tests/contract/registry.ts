/// <reference types="vite/client" />
import { routeFiles, type RouteFile } from '../support/router';
import type { ContractCase, Method } from './types';

/**
 * Every file under tests/contract/cases/ registers its area's cases by exporting `cases`.
 * Found by glob, so adding an area touches no shared file.
 */
const modules = import.meta.glob<{ cases?: ContractCase[] }>('./cases/*.ts', { eager: true });

export interface Registered extends ContractCase {
  /** the cases file that registered it, for messages */
  area: string;
}

export function allCases(): Registered[] {
  const out: Registered[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    const area = file.replace(/^\.\/cases\//, '').replace(/\.ts$/, '');
    if (!Array.isArray(mod.cases))
      throw new Error(`tests/contract/cases/${area}.ts must export \`cases\` (use defineCases).`);
    for (const c of mod.cases) out.push({ ...c, area });
  }
  return out;
}

export const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RouteMethod {
  route: string;
  method: Method;
  file: RouteFile;
  handler: unknown;
}

/** Every exported HTTP method of every route file under app/api/v37 (or another folder of app/). */
export async function allRouteMethods(under = 'api/v37'): Promise<RouteMethod[]> {
  const out: RouteMethod[] = [];
  for (const file of routeFiles(under)) {
    const mod = (await import(file.file)) as Record<string, unknown>;
    for (const method of METHODS) {
      if (mod[method]) out.push({ route: file.pattern, method, file, handler: mod[method] });
    }
  }
  return out;
}

export const label = (c: { method: string; route: string }) => `${c.method} ${c.route}`;
