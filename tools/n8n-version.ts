/** The n8n version the scripts, benchmarks and end-to-end tests run when N8N_VERSION does not name one. */
export const DEFAULT_N8N_VERSION = '2.41.1';
