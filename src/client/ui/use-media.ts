/**
 * A media query's answer from the first render on. Mantine's hooks read the query in an
 * effect by default (for server rendering, which this app does not do), so the first render
 * saw `false` and the next one the truth: a phone drew the desktop layout once, and a member
 * who asks for reduced motion briefly got a moving carousel and its Pause button.
 */
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';

const READ_NOW = { getInitialValueInEffect: false } as const;

export const useMedia = (query: string): boolean => useMediaQuery(query, undefined, READ_NOW) ?? false;

export const usePrefersReducedMotion = (): boolean => useReducedMotion(undefined, READ_NOW) ?? false;
