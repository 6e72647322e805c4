import '@mantine/core/styles/List.css';
import { Alert, List } from '@mantine/core';

/** The messages that keep a step (or a form) from moving on, announced when they appear. */
export function ProblemList({ problems, title }: { problems: readonly string[]; title?: string }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {problems.length === 1 ? (
        problems[0]
      ) : (
        <List size="sm" spacing={4}>
          {problems.map((problem) => (
            <List.Item key={problem}>{problem}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
