/** A page's code could not be fetched: usually a new version was deployed while the tab was open. */
export const isChunkError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
