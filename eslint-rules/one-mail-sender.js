// @ts-check
/**
 * Issue 37, one outbox: every mail the app owes is written to the transactional outbox
 * (app/modules/notifications/outbox/) with the fact that causes it, and only its worker calls
 * sendMail. The scheduled-report sender keeps its own claim/sent rows (its body is built at send
 * time); eslint.config.js lists these two as the only files this rule does not cover.
 */

const MAIL_SERVICE = /(^|\/)mail\.server(\.ts)?$/;
const SENDERS = new Set(["sendMail"]);

/** @type {import("eslint").Rule.RuleModule} */
export const oneMailSender = {
  meta: {
    type: "problem",
    docs: { description: "Only the outbox worker (and the report sender) call sendMail." },
    schema: [],
    messages: {
      send: "Mail goes through the outbox: write it with owe(tx, …) in the transaction that records its cause (~/modules/notifications), and the outbox worker sends it.",
      transport:
        "Only app/services/mail.server.ts talks to nodemailer; mail goes through the outbox.",
    },
  },
  create(context) {
    /** @param {any} node @param {string} source */
    const check = (node, source) => {
      if (source === "nodemailer" || source.startsWith("nodemailer/"))
        context.report({ node, messageId: "transport" });
    };
    return {
      /** @param {any} node */
      ImportDeclaration(node) {
        const source = String(node.source.value);
        check(node, source);
        if (!MAIL_SERVICE.test(source) || node.importKind === "type") return;
        for (const s of node.specifiers) {
          const whole =
            s.type === "ImportNamespaceSpecifier" || s.type === "ImportDefaultSpecifier";
          if (s.importKind === "type") continue;
          if (whole || SENDERS.has(s.imported.name ?? s.imported.value))
            context.report({ node: s, messageId: "send" });
        }
      },
      /** @param {any} node */
      "ExportNamedDeclaration, ExportAllDeclaration"(node) {
        if (!node.source) return;
        const source = String(node.source.value);
        check(node, source);
        if (!MAIL_SERVICE.test(source)) return;
        const passes =
          node.type === "ExportAllDeclaration" ||
          node.specifiers.some((/** @type {any} */ s) =>
            SENDERS.has(s.local.name ?? s.local.value),
          );
        if (passes) context.report({ node, messageId: "send" });
      },
      /** @param {any} node */
      ImportExpression(node) {
        if (node.source.type !== "Literal") return;
        const source = String(node.source.value);
        check(node, source);
        if (MAIL_SERVICE.test(source)) context.report({ node, messageId: "send" });
      },
    };
  },
};

export default { rules: { "one-mail-sender": oneMailSender } };
