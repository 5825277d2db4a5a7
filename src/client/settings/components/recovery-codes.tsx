/**
 * The recovery codes, shown this once (two-step sign-in turned on, or a first passkey added):
 * each signs the member in once when their phone or key is not at hand.
 */
import { Alert, Button, Code, Group, Paper, SimpleGrid, Stack } from '@mantine/core';

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" maw={640}>
      <Stack gap="md">
        <Alert color="gold" variant="light" title="Save your recovery codes">
          Each one signs you in once when your phone is not at hand. They are shown only now: copy them somewhere safe.
        </Alert>
        <SimpleGrid cols={{ base: 1, xs: 2 }} component="ul" aria-label="Recovery codes" spacing="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {codes.map((code) => (
            <Code key={code} component="li" fz="md" ta="center">
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group>
          <Button onClick={onDone}>I have saved them</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
