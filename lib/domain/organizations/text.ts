import { ilike, type Column } from 'drizzle-orm';

/** The ILIKE pattern of a part of a text: % and _ typed by the user are literal. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Text filters match a case-insensitive part (decisions.md); % and _ typed by the user are literal. */
export function containsText(col: Column, text: string) {
  return ilike(col, likePattern(text));
}

export interface Paging {
  page: number;
  itemsPerPage: number;
}

/** Paging defaults where api-v37.md gives none: page 1, itemsPerPage 100 (decisions.md). */
export function pageWindow(p: Partial<Paging>): Paging & { offset: number } {
  const page = p.page ?? 1;
  const itemsPerPage = p.itemsPerPage ?? 100;
  return { page, itemsPerPage, offset: (page - 1) * itemsPerPage };
}
