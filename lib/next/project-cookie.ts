/** The cookie that holds the project a user chose in the project switcher (its slug). */
export const projectCookie = "goodhart-project";
