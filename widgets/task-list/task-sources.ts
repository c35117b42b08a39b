/** The call that lists the tasks, by the widget's `source` prop (schema.ts). */
export const TASK_SOURCES = {
  getTaskList: 'generalActivity.getTaskList',
  getTaskGroup: 'generalActivity.getTaskGroup',
  'newUser/newUserWelfareTask': 'generalActivity.newUser/newUserWelfareTask',
  queryNfcTask: 'generalActivity.queryNfcTask',
  'banker/taskDetail': 'banker.taskDetail',
} as const;
