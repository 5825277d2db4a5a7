// IndexedDB for Dexie in happy-dom: a fresh in-memory implementation per test file.
import 'fake-indexeddb/auto';
