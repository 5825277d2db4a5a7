/** Client-generated ids. UUIDv7 sorts by creation time, so outbox order is id order. */
export { v7 as uuidv7 } from 'uuid';
