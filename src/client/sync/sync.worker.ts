/** The sync worker entry (STYLE.md §7): wiring only. All of it lives in create-sync.ts. */
import { expose } from 'comlink';
import { API_BASE } from '../../contract/codes';
import { createSync } from './create-sync';

expose(createSync({ baseUrl: self.location.origin + API_BASE }));
