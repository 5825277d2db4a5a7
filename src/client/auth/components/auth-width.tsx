import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

/** Forms read best narrow; the plan picker needs room for three cards. */
export function AuthWidth({ wide = false, children }: { wide?: boolean; children: ReactNode }) {
  return (
    <Box w="100%" maw={wide ? 860 : 420} mx="auto">
      {children}
    </Box>
  );
}
