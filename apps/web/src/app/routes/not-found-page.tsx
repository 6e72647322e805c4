import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto">
      <Stack gap="sm" align="flex-start">
        <Title order={2}>Page Not Found</Title>
        <Text>The page you are looking for does not exist or may have moved.</Text>
        <Button component={Link} to={paths.home()} mt="xs">
          Back to Home
        </Button>
      </Stack>
    </Paper>
  );
}
