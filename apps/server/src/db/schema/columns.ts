import { customType } from 'drizzle-orm/pg-core';

/** Raw bytes: node-postgres reads them as a Buffer, PGlite as a Uint8Array; both are Uint8Arrays. */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
