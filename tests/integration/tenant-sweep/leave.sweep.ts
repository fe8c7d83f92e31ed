import {
  listDeclarations,
  listLeave,
  listQuestions,
  listRosters,
} from "~/modules/timesheets/leave-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

const ALL = ["0000-01-01", "9999-12-31"] as const;

/**
 * Leave, rosters and site declarations: company 2's leave, leave types, rosters, people, groups,
 * jobsites and questions, named by company 1 in every form and query of the leave pages.
 */
export default defineSweep({
  seed: async ({ upB }) => {
    const leave = (await listLeave(upB, ...ALL))[0]!;
    const roster = (await listRosters(upB))[0]!;
    const question = (await listQuestions(upB))[0]!;
    return {
      leaveB: leave.id,
      typeB: leave.type_id,
      personB: leave.username_id,
      groupB: roster.compgroups_id!,
      rosterB: roster.id,
      jobsiteB: roster.jobsite_id!,
      questionB: question.id,
    };
  },
  cases: (s): SweepCase[] => {
    const leave = (file: string, url: string, intent: string): SweepCase => ({
      file,
      method: "POST",
      url,
      body: { intent, id: String(s.leaveB), comment: "Mine now" },
    });
    const roster = {
      name: "Taken",
      pattern: "weekly",
      days: ["1", "2"],
      start_time: "07:00",
      end_time: "15:00",
      break_minutes: "30",
      valid_from: "2031-01-01",
    };
    const request = {
      intent: "request",
      type_id: String(s.typeB),
      leave_start_date: "2031-05-05",
      leave_end_date: "2031-05-06",
      all_day: "on",
      reason: "x",
    };
    return [
      leave("_shell.timesheet.leave-requests.tsx", "/timesheet/leave-requests", "cancel"),
      {
        file: "_shell.timesheet.leave-requests.tsx",
        method: "POST",
        url: "/timesheet/leave-requests",
        body: request,
      },
      leave("_shell.timesheet.all-leave-requests.tsx", "/timesheet/all-leave-requests", "approve"),
      leave("_shell.timesheet.all-leave-requests.tsx", "/timesheet/all-leave-requests", "decline"),
      {
        file: "_shell.timesheet.leave-calendar.tsx",
        method: "GET",
        url: `/timesheet/leave-calendar?leave=${s.leaveB}`,
      },
      ...["approve", "decline", "cancel"].map((i) =>
        leave("_shell.timesheet.leave-calendar.tsx", "/timesheet/leave-calendar", i),
      ),
      {
        file: "_shell.timesheet.leave-calendar.tsx",
        method: "POST",
        url: "/timesheet/leave-calendar",
        body: request,
      },
      {
        file: "_shell.timesheet.structure.tsx",
        method: "GET",
        url: `/timesheet/structure?edit=${s.rosterB}`,
      },
      ...["update", "delete"].map((intent): SweepCase => ({
        file: "_shell.timesheet.structure.tsx",
        method: "POST",
        url: "/timesheet/structure",
        body: { intent, id: String(s.rosterB), assign: "group:101", ...roster },
      })),
      {
        file: "_shell.timesheet.structure.tsx",
        method: "POST",
        url: "/timesheet/structure",
        body: { intent: "create", assign: `person:${s.personB}`, ...roster },
      },
      {
        file: "_shell.timesheet.structure.tsx",
        method: "POST",
        url: "/timesheet/structure",
        body: { intent: "create", assign: `group:${s.groupB}`, ...roster },
      },
      {
        file: "_shell.timesheet.structure.tsx",
        method: "POST",
        url: "/timesheet/structure",
        body: { intent: "create", assign: "group:101", jobsite_id: String(s.jobsiteB), ...roster },
      },
      {
        file: "_shell.timesheet.missingShifts.tsx",
        method: "POST",
        url: "/timesheet/missingShifts",
        body: { intent: "notify", username_id: String(s.personB) },
      },
      {
        file: "_shell.timesheet.covid19.tsx",
        method: "POST",
        url: "/timesheet/covid19",
        body: {
          intent: "declare",
          q41: "no",
          q42: "no",
          q43: "yes",
          jobsite_id: String(s.jobsiteB),
        },
      },
      {
        file: "_shell.timesheet.covid19.tsx",
        method: "POST",
        url: "/timesheet/covid19",
        body: { intent: "retire-question", id: String(s.questionB) },
      },
    ];
  },
  own: (s) => [
    `/timesheet/leave-calendar?leave=${s.leaveB}`,
    `/timesheet/structure?edit=${s.rosterB}`,
  ],
  snapshot: async ({ upB }) => ({
    leave: await listLeave(upB, ...ALL),
    rosters: await listRosters(upB),
    questions: await listQuestions(upB),
    declarations: await listDeclarations(upB, ...ALL),
  }),
  secrets: () => ["Wedding"],
});
