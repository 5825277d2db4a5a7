/** Work and education rows in, contract items (WorkItem, EducationItem) out. */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { EducationInput, EducationItem, WorkInput, WorkItem, YesNo } from '../../../contract/vault';
import type { Db } from '../../db/client';
import { privacies } from '../../db/schema/masters';
import { companies, courses, educations, institutes, locations, positions, works } from '../../db/schema/vault';

/** Random opaque row codes (never the serial id): W… for work, E… for education. */
export const newRowCode = (prefix: 'W' | 'E') => `${prefix}${randomBytes(8).toString('hex').toUpperCase()}`;

const yesNo = (value: string): YesNo => (value === 'Yes' ? 'Yes' : 'No');

const workSelect = {
  userWorkCode: works.workCode,
  companyCode: works.companyCode,
  companyName: companies.name,
  positionCode: works.positionCode,
  positionName: positions.name,
  locationCode: works.locationCode,
  locationName: locations.name,
  working: works.working,
  startDate: works.startDate,
  endDate: works.endDate,
  privacyCode: works.privacyCode,
  privacyName: privacies.privacyName,
};

function workQuery(db: Db) {
  return db
    .select(workSelect)
    .from(works)
    .innerJoin(companies, eq(companies.code, works.companyCode))
    .innerJoin(positions, eq(positions.code, works.positionCode))
    .innerJoin(locations, eq(locations.code, works.locationCode))
    .innerJoin(privacies, eq(privacies.privacyCode, works.privacyCode));
}

type WorkRow = Awaited<ReturnType<ReturnType<typeof workQuery>['execute']>>[number];
const toWork = (r: WorkRow): WorkItem => ({ ...r, workCode: r.userWorkCode, working: yesNo(r.working), endDate: r.endDate ?? '' });

/** The current job first (working 'Yes'), then the newest start; ties by newest row. */
export async function listWorks(db: Db, userId: number): Promise<WorkItem[]> {
  const rows = await workQuery(db)
    .where(eq(works.userId, userId))
    .orderBy(sql`${works.working} = 'Yes' desc`, desc(works.startDate), desc(works.id));
  return rows.map(toWork);
}

export async function loadWork(db: Db, workCode: string): Promise<WorkItem | null> {
  const [row] = await workQuery(db).where(eq(works.workCode, workCode)).limit(1);
  return row ? toWork(row) : null;
}

export async function workOwner(db: Db, workCode: string): Promise<number | null> {
  const [row] = await db.select({ userId: works.userId }).from(works).where(eq(works.workCode, workCode)).limit(1);
  return row?.userId ?? null;
}

const workValues = (input: WorkInput) => ({
  companyCode: input.companyCode,
  positionCode: input.positionCode,
  locationCode: input.locationCode,
  working: input.working,
  startDate: input.startDate,
  endDate: input.working === 'Yes' ? null : input.endDate || null,
  privacyCode: input.privacyCode,
});

export async function insertWork(db: Db, userId: number, input: WorkInput): Promise<string> {
  const workCode = newRowCode('W');
  await db.insert(works).values({ workCode, userId, ...workValues(input) });
  return workCode;
}

/** Updates the member's own row; false when no such row is theirs. */
export async function updateWork(db: Db, userId: number, workCode: string, input: WorkInput | { privacyCode: number }): Promise<boolean> {
  const values = 'companyCode' in input ? workValues(input) : { privacyCode: input.privacyCode };
  const done = await db
    .update(works)
    .set(values)
    .where(and(eq(works.workCode, workCode), eq(works.userId, userId)))
    .returning({ id: works.id });
  return done.length > 0;
}

export async function deleteWork(db: Db, userId: number, workCode: string): Promise<void> {
  await db.delete(works).where(and(eq(works.workCode, workCode), eq(works.userId, userId)));
}

const educationSelect = {
  userEduCode: educations.educationCode,
  instituteCode: educations.instituteCode,
  instituteName: institutes.name,
  courseCode: educations.courseCode,
  courseName: courses.name,
  locationCode: educations.locationCode,
  locationName: locations.name,
  graduated: educations.graduated,
  startDate: educations.startDate,
  endDate: educations.endDate,
  privacyCode: educations.privacyCode,
  privacyName: privacies.privacyName,
};

function educationQuery(db: Db) {
  return db
    .select(educationSelect)
    .from(educations)
    .innerJoin(institutes, eq(institutes.code, educations.instituteCode))
    .innerJoin(courses, eq(courses.code, educations.courseCode))
    .innerJoin(locations, eq(locations.code, educations.locationCode))
    .innerJoin(privacies, eq(privacies.privacyCode, educations.privacyCode));
}

type EducationRow = Awaited<ReturnType<ReturnType<typeof educationQuery>['execute']>>[number];
const toEducation = (r: EducationRow): EducationItem => ({
  ...r,
  educationCode: r.userEduCode,
  graduated: yesNo(r.graduated),
  endDate: r.endDate ?? '',
});

/** Studies in progress (graduated 'No') first, then the newest start. */
export async function listEducations(db: Db, userId: number): Promise<EducationItem[]> {
  const rows = await educationQuery(db)
    .where(eq(educations.userId, userId))
    .orderBy(sql`${educations.graduated} = 'No' desc`, desc(educations.startDate), desc(educations.id));
  return rows.map(toEducation);
}

export async function loadEducation(db: Db, educationCode: string): Promise<EducationItem | null> {
  const [row] = await educationQuery(db).where(eq(educations.educationCode, educationCode)).limit(1);
  return row ? toEducation(row) : null;
}

export async function educationOwner(db: Db, educationCode: string): Promise<number | null> {
  const [row] = await db.select({ userId: educations.userId }).from(educations).where(eq(educations.educationCode, educationCode)).limit(1);
  return row?.userId ?? null;
}

const educationValues = (input: EducationInput) => ({
  instituteCode: input.instituteCode,
  courseCode: input.courseCode,
  locationCode: input.locationCode,
  graduated: input.graduated,
  startDate: input.startDate,
  endDate: input.endDate || null,
  privacyCode: input.privacyCode,
});

export async function insertEducation(db: Db, userId: number, input: EducationInput): Promise<string> {
  const educationCode = newRowCode('E');
  await db.insert(educations).values({ educationCode, userId, ...educationValues(input) });
  return educationCode;
}

export async function updateEducation(
  db: Db,
  userId: number,
  educationCode: string,
  input: EducationInput | { privacyCode: number },
): Promise<boolean> {
  const values = 'instituteCode' in input ? educationValues(input) : { privacyCode: input.privacyCode };
  const done = await db
    .update(educations)
    .set(values)
    .where(and(eq(educations.educationCode, educationCode), eq(educations.userId, userId)))
    .returning({ id: educations.id });
  return done.length > 0;
}

export async function deleteEducation(db: Db, userId: number, educationCode: string): Promise<void> {
  await db.delete(educations).where(and(eq(educations.educationCode, educationCode), eq(educations.userId, userId)));
}
