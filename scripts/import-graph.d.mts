// Types of `import-graph.mjs` for the server's floors test.
export interface Floor {
  floor: string;
  what: string;
  holds: string[];
}
export interface Import {
  spec: string;
  target: string;
  typeOnly: boolean;
}
export type Graph = Map<string, string[]>;
export const SERVER_FLOORS: Floor[];
export function isTestCode(path: string): boolean;
export function sourceFiles(dir: string): string[];
export function importsOf(file: string): Import[];
export function importGraph(srcDir: string, options?: { tests?: boolean; types?: boolean }): Graph;
export function cyclesOf(graph: Graph): string[][];
export function folderGraph(graph: Graph): Graph;
export function folderCycleImports(graph: Graph, cycle: string[]): string[];
export function floorOf(path: string, floors?: Floor[]): number;
export function upwardImports(graph: Graph, floors?: Floor[]): string[];
export function filesWithoutFloor(graph: Graph, floors?: Floor[]): string[];
export const APP_TABLE_OWNERS: string[];
export function filesNamingAppTable(srcDir: string): string[];
