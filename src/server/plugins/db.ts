/** Opens the database (migrated) and hangs it on the app; closes it with the app. */
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database, type DatabaseOptions, type Db, type DbKind } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DbKind;
    /** The feed's reads, prepared once and run for every member (client.ts Database.feedDb). */
    feedDb: Db;
  }
}

/** Answers the opened database: the app serves the admin channel on its lock (admin/channel.ts). */
export async function setupDb(app: FastifyInstance, options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('feedDb', database.feedDb);
  app.addHook('onClose', async () => {
    await database.close();
  });
  return database;
}
