import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

/** Who may change maintenance data (on top of the module's feature, vehicle_task_management). */
const MANAGE = CAN.manageMaintenance;

export default defineModule({
  id: "maintenance",
  menu: [
    {
      section: "maintenance",
      order: 10,
      icon: "tool",
      id: "maintenance-board",
      title: "Maintenance Board",
      href: "/dashboard/maintenance-board",
      rule: { feature: "vehicle_task_management" },
      description: "A board of maintenance tasks by status.",
    },
    {
      section: "maintenance",
      order: 20,
      icon: "truck",
      id: "vehicle-maintenance",
      title: "Vehicle Maintenance",
      href: "/dashboard/vehicle-maintenance",
      rule: { feature: "vehicle_task_management" },
      description: "Service schedules and history per vehicle.",
    },
    {
      section: "maintenance",
      order: 30,
      icon: "clipboard",
      id: "asset-board",
      title: "Asset Board",
      href: "/dashboard/asset-board",
      rule: { feature: "vehicle_task_management" },
      description: "A board of tasks on non-vehicle assets.",
    },
    {
      section: "maintenance",
      order: 40,
      icon: "checklist",
      id: "tasks",
      title: "Tasks",
      href: "/dashboard/tasks",
      rule: { feature: "vehicle_task_management" },
      description: "Every maintenance task, with due dates and assignees.",
    },
    {
      section: "maintenance",
      order: 50,
      icon: "template",
      id: "task-templates",
      title: "Task Templates",
      href: "/dashboard/task-templates",
      rule: { feature: "vehicle_task_management" },
      description: "Reusable templates for recurring tasks.",
    },
    {
      section: "maintenance",
      order: 60,
      icon: "stack",
      id: "task-groups",
      title: "Task Groups",
      href: "/dashboard/task-groups",
      rule: { feature: "vehicle_task_management" },
      description: "Groups of tasks that are scheduled together.",
    },
  ],
  routes: [
    {
      pattern: "/dashboard/tasks/:id/photos",
      title: "Upload a task photo",
      rule: { feature: "vehicle_task_management" },
      file: true,
    },
    {
      pattern: "/dashboard/tasks/:id/photos/:photo",
      title: "Task photo",
      rule: { feature: "vehicle_task_management" },
      file: true,
    },
  ],
  actions: {
    "/dashboard/task-templates": { create: MANAGE, update: MANAGE },
    "/dashboard/task-groups": { create: MANAGE, update: MANAGE },
    "/dashboard/tasks": {
      create: MANAGE,
      complete: MANAGE,
      update: MANAGE,
      "remove-photo": MANAGE,
    },
    "/dashboard/tasks/:id/photos": { "*": MANAGE },
    "/dashboard/maintenance-board": { move: MANAGE },
    "/dashboard/asset-board": { move: MANAGE },
  },
});
