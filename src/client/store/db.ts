/**
 * The member's local database (DESIGN.md "A shared device"): one Dexie database per
 * signed-in member, named `billionett-<userCode>`, plus one small device database
 * that holds only who is signed in, so the worker and the service worker can read
 * the session (they cannot read localStorage).
 *
 * Every schema change is a new `version(n)` below; never edit an old one.
 */
import { Dexie, type EntityTable } from 'dexie';
import type { BarterItem, ServiceKind } from '../../contract/barter';
import type { BulletinItem } from '../../contract/bulletins';
import type { NewsItem } from '../../contract/news';
import type { MutationKind } from '../../contract/mutations';
import type { PersonalInfo, UserMenu, UserPlan, UserProfile, Utilization } from '../../contract/user';
import type { Emoji, Plan, Privacy, Profession } from '../../contract/masters';
import type { SessionData } from '../../contract/auth';
import type { CallLine } from '../../contract/calls';
import type { ChatLinkState } from '../../contract/chat';
import type { DeviceSession } from '../../contract/sessions';
import type { PasskeyItem } from '../../contract/passkeys';
import type { DeletionState } from '../../contract/account-deletion';
import type { DataExportItem } from '../../contract/data-export';
import type { CircleCard, CircleDetails, SlateCard, SlateDetails } from '../../contract/circles';
import { DEVICE_DB } from './device-names';

/** Sync marks on optimistic rows: absent when the row is the server's. */
export type SyncMark = { _sync?: 'pending' | 'failed' };

export type OutboxStatus = 'pending' | 'failed';
export type OutboxItem = {
  /** UUIDv7: sorts in creation order, travels as the Idempotency-Key. */
  id: string;
  kind: MutationKind;
  payload: unknown;
  /** Items of one target replay in order; see contract/mutations.ts. */
  target: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: number;
  /** The server's words when it refused the write (status 4xx other than 408/429). */
  error?: { status: number; message: string; errors?: Record<string, string[]> };
};

export type ProfileRow = UserProfile & SyncMark & { syncedAt?: number };
export type PersonalRow = PersonalInfo & SyncMark & { syncedAt?: number };
export type PlanRow = UserPlan & { userCode: string };
export type MenuRow = UserMenu & { userCode: string };
export type UtilizationRow = Utilization & { userCode: string };
export type MasterRow =
  | { name: 'privacies'; rows: Privacy[] }
  | { name: 'professions'; rows: Profession[] }
  | { name: 'emojis'; rows: Emoji[] }
  | { name: 'services'; rows: ServiceKind[] }
  | { name: 'plans'; rows: Plan[] };
/** When a pulled kind+params was last fetched, and its last error. */
export type CursorRow = { key: string; syncedAt: number; error?: { status: number; message: string } };
export type DraftRow = { key: string; value: unknown; updatedAt: number };

/**
 * A member as a card in any list (connections, suggestions, members, search):
 * the fields the list calls answer (spec/product.md §3 "Connection card").
 * Rows are shared by every list that shows the member; lists hold only codes.
 */
export type PersonRow = {
  userCode: string;
  displayName: string;
  planName: string;
  professionName: string;
  profileDp: string | null;
  gender?: string;
  [extra: string]: unknown;
};
/**
 * One mirrored page of a paged list: `key` = `${kind}:${owner}:${params}:${pageNo}`.
 * `codes` keeps the server's order; rows live in their entity table. `accessCode`
 * 106 means the list is hidden from this member (no codes kept).
 */
export type ListPageRow = {
  key: string;
  kind: string;
  owner: string;
  pageNo: number;
  codes: string[];
  totalRecords: number;
  accessCode: number;
  syncedAt: number;
};
/** Work and education rows of any member the device has seen (vault). */
export type WorkRow = { userWorkCode: string; userCode: string; order: number; [field: string]: unknown } & SyncMark;
export type EducationRow = { userEduCode: string; userCode: string; order: number; [field: string]: unknown } & SyncMark;
/** Privacy and bulletin (notify) settings of the member, one row per feature. */
export type PrivacySettingRow = { userCode: string; featureCode: string; [field: string]: unknown } & SyncMark;
export type NotifySettingRow = { userCode: string; featurecode: string; [field: string]: unknown } & SyncMark;
/** A small report answered whole (`friends:<userCode>`: billionetts by category, the suite's pie). */
export type ReportRow = { key: string; rows: unknown[]; totalRecords: number; accessCode: number; syncedAt: number };
/** A reference candidate (spec/product.md §3 "Reference"). */
export type ReferenceRow = { refCode: string; owner: string; [field: string]: unknown } & SyncMark;

/**
 * Telex (spec/product.md §3 "Chat user", "Chat message"). A billionett as the chat lists
 * show them: the card fields plus isOnline (pushed live by presence frames) and
 * lastChatTime. `order` keeps the server's order of the last chat/friends answer.
 */
export type ChatFriendRow = {
  userCode: string;
  displayName: string;
  planName: string;
  professionName: string;
  profileDp?: string | null;
  gender?: string;
  isOnline: boolean;
  lastChatTime: string | null;
  order?: number;
  [field: string]: unknown;
};
/**
 * One conversation (`userCode` = the other member). `unread` is the server's count at
 * the last pull plus messages received live since, 0 once the chat is opened.
 */
export type ChatConversationRow = {
  userCode: string;
  displayName?: string;
  planName?: string;
  professionName?: string;
  profileDp?: string | null;
  gender?: string;
  lastChatTime: string;
  unread: number;
  [field: string]: unknown;
};
export type ChatMessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';
/**
 * One message, keyed by its client-generated id (the server stores it once by that id).
 * `peer` is the other member; `time` the server time once acknowledged (client time before);
 * `status`: 'pending' (in the outbox) → 'sent' → 'delivered' → 'read', or 'failed'
 * (refused by the server; its words stay on the outbox item until Retry or Discard).
 */
export type ChatMessageRow = {
  id: string;
  peer: string;
  sender: string;
  body: string;
  time: string;
  status: ChatMessageStatus;
  recvId?: string;
  /** Set when the row is a call's line ('Voice call · 3 min'; contract/calls.ts): drawn as a line, not a bubble. */
  call?: CallLine;
  [field: string]: unknown;
};

/** An entry as the feed shows it (spec/product.md §3 "Post item"); refined by the entries area. */
export type PostRow = { postCode: string; postedAt: string; [field: string]: unknown } & SyncMark;
/** A comment or a reply (`parentCode` set) of a post. */
export type CommentRow = { commentCode: string; postCode: string; parentCode: string | null; [field: string]: unknown } & SyncMark;
/** A file picked for an entry while offline: sent before the entry that uses it. */
export type MediaBlobRow = { id: string; owner: string; name: string; type: string; blob: Blob; [field: string]: unknown };

/**
 * A circle (spec/product.md §3 Circle) or a slate as this device knows it: the card of
 * a list (my circles, my slates) merged with the details of its suite once visited
 * (`detailedAt`: when they were last pulled). Lists hold only codes (`listPages`,
 * store/circle-pages.ts); a row is shared by every list and the suite that shows it.
 */
export type CircleRow = CircleCard & Partial<CircleDetails> & { detailedAt?: number };
export type SlateRow = SlateCard & Partial<SlateDetails> & { detailedAt?: number };

/** A barter listing (contract/barter.ts barterItem) by its code: shared by every grid page that shows it. */
export type ServiceRow = BarterItem & { serviceCode: string } & SyncMark;

/** A bulletin (contract/bulletins.ts) by its code; `_sync` while a 'read' is queued. */
export type BulletinRow = BulletinItem & SyncMark;
/** Server-side counts a mirror of a few pages cannot know (the unread bulletins). */
export type CountRow = { key: 'bulletins'; unread: number; totalRecords: number };
/** 'Where you're signed in': the member's sessions as the server last listed them. */
export type DeviceSessionRow = DeviceSession;
/** Two-step sign-in as the server last said (settings). */
/** 'Delete my account': when it is due (null: not asked) and what it takes with it. */
export type DeletionStateRow = { key: 'deletion' } & DeletionState;
export type SecondFactorStateRow = { key: 'secondFactor'; totp: boolean; passkeys: number; recoveryCodesLeft: number };
/** 'Download your data': the member's latest export as the server last said (null: none). */
export type DataExportStateRow = { key: 'dataExport'; export: DataExportItem | null };
/** One row per account matter the settings screens show, by its key. */
export type AccountStateRow = SecondFactorStateRow | DataExportStateRow | DeletionStateRow;
/** The member's passkeys as the server last listed them (settings). */
export type PasskeyRow = PasskeyItem;
/** Telex's live link as the server last said (contract/chat.ts chatLinkFrame); absent: up. */
export type LinkRow = { key: 'telex'; state: ChatLinkState; since: number };

/** The member database's schema version (13: passkeys, issue 29). */
export const MEMBER_DB_VERSION = 13;

export class MemberDb extends Dexie {
  profiles!: EntityTable<ProfileRow, 'userCode'>;
  personal!: EntityTable<PersonalRow, 'userCode'>;
  plans!: EntityTable<PlanRow, 'userCode'>;
  menus!: EntityTable<MenuRow, 'userCode'>;
  utilization!: EntityTable<UtilizationRow, 'userCode'>;
  masters!: EntityTable<MasterRow, 'name'>;
  cursors!: EntityTable<CursorRow, 'key'>;
  drafts!: EntityTable<DraftRow, 'key'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  people!: EntityTable<PersonRow, 'userCode'>;
  listPages!: EntityTable<ListPageRow, 'key'>;
  works!: EntityTable<WorkRow, 'userWorkCode'>;
  educations!: EntityTable<EducationRow, 'userEduCode'>;
  privacySettings!: EntityTable<PrivacySettingRow, 'featureCode'>;
  notifySettings!: EntityTable<NotifySettingRow, 'featurecode'>;
  references!: EntityTable<ReferenceRow, 'refCode'>;
  reports!: EntityTable<ReportRow, 'key'>;
  chatFriends!: EntityTable<ChatFriendRow, 'userCode'>;
  chatConversations!: EntityTable<ChatConversationRow, 'userCode'>;
  chatMessages!: EntityTable<ChatMessageRow, 'id'>;
  posts!: EntityTable<PostRow, 'postCode'>;
  comments!: EntityTable<CommentRow, 'commentCode'>;
  mediaBlobs!: EntityTable<MediaBlobRow, 'id'>;
  circles!: EntityTable<CircleRow, 'groupCode'>;
  slates!: EntityTable<SlateRow, 'pageCode'>;
  services!: EntityTable<ServiceRow, 'serviceCode'>;
  bulletins!: EntityTable<BulletinRow, 'bulletinCode'>;
  counts!: EntityTable<CountRow, 'key'>;
  news!: EntityTable<NewsItem, 'newsCode'>;
  links!: EntityTable<LinkRow, 'key'>;
  deviceSessions!: EntityTable<DeviceSessionRow, 'sessionCode'>;
  accountState!: EntityTable<AccountStateRow, 'key'>;
  passkeys!: EntityTable<PasskeyRow, 'passkeyCode'>;

  constructor(readonly userCode: string) {
    super(memberDbName(userCode));
    // The whole schema in one declaration, at its newest version. Dexie (3 and later) upgrades a
    // device's older database to it by the difference, so versions with no upgrade function
    // need not be declared: each declared version cost the member a pass over every table as
    // the database was built (~50 ms of a phone's first screen at 13 versions, issue 32). A
    // change to the schema raises the number; one that must move data keeps its own version
    // with its .upgrade().
    this.version(MEMBER_DB_VERSION).stores({
      profiles: 'userCode',
      personal: 'userCode',
      plans: 'userCode',
      menus: 'userCode',
      utilization: 'userCode',
      masters: 'name',
      cursors: 'key',
      drafts: 'key',
      outbox: 'id, status, target, [target+id]',
      // Suite/vault (works, educations, settings) and billionetts (people, list pages, references).
      people: 'userCode',
      listPages: 'key, kind, [kind+owner]',
      works: 'userWorkCode, userCode',
      educations: 'userEduCode, userCode',
      privacySettings: 'featureCode',
      notifySettings: 'featurecode',
      references: 'refCode, owner',
      // The suite's charts: reports answered whole (friends by category).
      reports: 'key',
      // Telex: online billionetts, conversations, and messages by their client-generated id.
      chatFriends: 'userCode',
      chatConversations: 'userCode, lastChatTime',
      chatMessages: 'id, [peer+time], status',
      // Entries and feed: posts by code (a client id while unsent), comments and replies,
      // and the media of entries written offline, kept as blobs until delivered.
      posts: 'postCode, postedAt',
      comments: 'commentCode, postCode, parentCode',
      mediaBlobs: 'id, owner',
      // Circles and slates as entries need them: their details (suites) and the member's
      // lists of them (side menu, share targets), the lists as `listPages` of codes.
      circles: 'groupCode',
      slates: 'pageCode',
      // Barter: listings by code; the grid's pages (per filter) are `listPages` of codes.
      services: 'serviceCode',
      // Bulletins: newest first by time; their unread count as the server last said.
      bulletins: 'bulletinCode, createdAt',
      counts: 'key',
      // Live news of the home column, newest first.
      news: 'newsCode, lastUpdatedTime',
      // Telex's live link (down while the server's Redis is away).
      links: 'key',
      // The member's sessions (issue 29), replaced whole by each pull.
      deviceSessions: 'sessionCode',
      // Whether two-step sign-in is on (issue 29).
      accountState: 'key',
      // The member's passkeys (issue 29), replaced whole by each pull.
      passkeys: 'passkeyCode',
    });
  }
}

export const memberDbName = (userCode: string) => `billionett-${userCode}`;


export type SessionRow = SessionData & { key: 'current' };
/** A Checkout the server has not heard of yet (sync/sign-out.ts): the session's refresh token. */
export type SignOutRow = { refreshToken: string; at: number };
/** Device-wide: who is signed in on this device (at most one member at a time). */
export class DeviceDb extends Dexie {
  session!: EntityTable<SessionRow, 'key'>;
  signOuts!: EntityTable<SignOutRow, 'refreshToken'>;
  constructor() {
    super(DEVICE_DB);
    this.version(1).stores({ session: 'key' });
    this.version(2).stores({ signOuts: 'refreshToken' });
  }
}

let device: DeviceDb | undefined;
export const deviceDb = (): DeviceDb => (device ??= new DeviceDb());

const members = new Map<string, MemberDb>();
/** The one MemberDb instance per member in this JS context. */
export function memberDb(userCode: string): MemberDb {
  let db = members.get(userCode);
  if (!db) {
    db = new MemberDb(userCode);
    members.set(userCode, db);
  }
  return db;
}

/**
 * For the worker's own background writes (a pull a socket frame asked for, a frame being
 * stored): at checkout the member's database is closed and deleted under them, and what they
 * would have written has no one left to show it to. Every other error is passed on.
 */
export function unlessCheckedOut(error: unknown): void {
  if (error instanceof Dexie.DatabaseClosedError) return;
  throw error;
}

/** Checkout: remove the member's whole database from the device. */
export async function deleteMemberDb(userCode: string): Promise<void> {
  const db = members.get(userCode);
  members.delete(userCode);
  db?.close();
  await Dexie.delete(memberDbName(userCode));
}
