export declare const REGENERATE: string;
export declare function normalizeDocument(document: Record<string, unknown>): Record<string, unknown>;
export declare function documentText(document: Record<string, unknown>): string;
export declare function typesText(document: Record<string, unknown>): Promise<string>;
export declare function methodsText(definitions: ReadonlyArray<{ id: string; family: string; dashboardLabel: { es: string; en: string } }>): string;
export declare function eventTypesText(types: readonly string[]): string;
