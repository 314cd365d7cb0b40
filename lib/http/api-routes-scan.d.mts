export function exportedMethods(source: string): string[];
export function scanApiRoutes(appDir: string): Array<[string, string[]]>;
