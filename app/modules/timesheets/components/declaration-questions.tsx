import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import type { Question } from "../leave-upstream.server";

type ActionData = {
  form?: "declare" | "question";
  message?: string | null;
  values?: Record<string, string>;
  errors?: Record<string, string>;
};

/** The company's declaration questions (admin_timesheet): add one, stop asking one. */
export function DeclarationQuestions({
  questions,
  act,
}: {
  questions: Question[];
  act?: ActionData;
}) {
  const data = { questions };
  return (
    <Paper withBorder p="md" mt="lg">
      <Title order={2} size="h4" mb="sm">
        Questions
      </Title>
      <Stack gap="xs">
        {data.questions.map((q) => (
          <Group key={q.id} justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm" c={q.active ? undefined : "dimmed"}>
              {q.text}{" "}
              <Badge variant="outline" color="dark">
                needs attention if {q.attention_answer}
              </Badge>
              {q.active ? "" : " (no longer asked)"}
            </Text>
            {q.active ? (
              <Form method="post">
                <input type="hidden" name="id" value={q.id} />
                <Button
                  type="submit"
                  name="intent"
                  value="retire-question"
                  size="compact-sm"
                  variant="subtle"
                >
                  Stop asking
                </Button>
              </Form>
            ) : null}
          </Group>
        ))}
        <Form method="post" key={JSON.stringify(act?.form === "question" ? act.values : {})}>
          <input type="hidden" name="intent" value="add-question" />
          <Stack gap="xs">
            {act?.form === "question" && act.message ? (
              <Alert color="red" role="alert">
                {act.message}
              </Alert>
            ) : null}
            <TextInput
              name="text"
              label="New question"
              defaultValue={act?.form === "question" ? act.values?.text : ""}
              error={act?.form === "question" ? act.errors?.text : undefined}
            />
            <NativeSelect
              name="attention_answer"
              label="The answer that needs attention"
              defaultValue={act?.form === "question" ? act.values?.attention_answer : "yes"}
              data={[
                { value: "yes", label: "Yes" },
                { value: "no", label: "No" },
              ]}
            />
            <Group>
              <Button type="submit" variant="default">
                Add question
              </Button>
            </Group>
          </Stack>
        </Form>
      </Stack>
    </Paper>
  );
}
