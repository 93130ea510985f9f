// large-copy: in a hot function, a large or non-trivially-copyable object passed by value
// and never modified (copied on every call for nothing), or returned as a copy of an object
// that outlives the call.
#include "checks/check.h"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Analysis/Analyses/ExprMutationAnalyzer.h>
#include <clang/Lex/Lexer.h>

#include <fmt/format.h>

namespace hotline::advise {

using namespace clang;
using namespace clang::ast_matchers;

namespace {

// Bigger than this, even a trivially copyable object is worth passing by reference.
constexpr uint64_t kLargeBytes = 64;

// A class whose copy costs more than a few register moves: large, or with a copy
// constructor of its own (std::string, std::vector: an allocation and a copy of the elements).
bool expensive_to_copy(const ASTContext &ast, QualType type) {
  if (type.isNull() || type->isDependentType() || type->isIncompleteType() ||
      type->isReferenceType() || !type->isRecordType())
    return false;
  return !type.isTriviallyCopyableType(ast) ||
         uint64_t(ast.getTypeSizeInChars(type).getQuantity()) > kLargeBytes;
}

// Every use of the function is a call: its address is not taken, so its type may change.
bool only_called(CheckContext &context, const FunctionDecl &function) {
  auto use = declRefExpr(to(functionDecl(equalsNode(&function)))).bind("use");
  for (const BoundNodes &bound :
       match(decl(forEachDescendant(use)), *context.ast.getTranslationUnitDecl(), context.ast)) {
    const auto *ref = bound.getNodeAs<DeclRefExpr>("use");
    bool called = false;
    for (const DynTypedNode &parent : context.ast.getParents(*ref))
      if (const auto *cast = parent.get<ImplicitCastExpr>())
        for (const DynTypedNode &grandparent : context.ast.getParents(*cast))
          if (const auto *call = grandparent.get<CallExpr>())
            called = called || call->getCallee() == cast;
    if (!called)
      return false;
  }
  return true;
}

// `T name` -> `const T &name` in every declaration of the function this translation unit
// has; false (no edit) where that is not safe.
bool fix_parameter(CheckContext &context, Finding &finding, const FunctionDecl &function,
                   unsigned index) {
  const auto *method = dyn_cast<CXXMethodDecl>(&function);
  if ((method && method->isVirtual()) || function.isMain() ||
      function.getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      !only_called(context, function))
    return false;
  for (const FunctionDecl *declaration : function.redecls()) {
    if (index >= declaration->getNumParams())
      return false;
    const ParmVarDecl *parameter = declaration->getParamDecl(index);
    if (parameter->getBeginLoc().isMacroID() || parameter->getLocation().isMacroID())
      return false;
    if (!parameter->getType().isLocalConstQualified() &&
        !context.add_replacement(
            finding,
            CharSourceRange::getCharRange(parameter->getBeginLoc(), parameter->getBeginLoc()),
            "const "))
      return false;
    if (parameter->getIdentifier()) {
      if (!context.add_replacement(
              finding,
              CharSourceRange::getCharRange(parameter->getLocation(), parameter->getLocation()),
              "&"))
        return false;
    } else {
      SourceLocation after = clang::Lexer::getLocForEndOfToken(
          parameter->getEndLoc(), 0, context.ast.getSourceManager(), context.ast.getLangOpts());
      if (!context.add_replacement(finding, CharSourceRange::getCharRange(after, after), " &"))
        return false;
    }
  }
  return true;
}

void check_parameters(CheckContext &context, const HotFunctionBody &hot) {
  const FunctionDecl &function = *hot.decl;
  for (unsigned i = 0; i < function.getNumParams(); ++i) {
    const ParmVarDecl *parameter = function.getParamDecl(i);
    QualType type = parameter->getType();
    // A parameter that is modified or moved from needs its own copy (and a sink parameter
    // that is moved from lets callers move in): only a copy that is never needed is advised.
    if (!parameter->getIdentifier() || !expensive_to_copy(context.ast, type) ||
        ExprMutationAnalyzer(*function.getBody(), context.ast).isMutated(parameter))
      continue;
    Finding finding = context.function_finding(
        "large-copy", parameter->getSourceRange(), hot,
        fmt::format("'{}' ({}, {} bytes) is passed by value and never modified: every call "
                    "copies it for nothing",
                    parameter->getName().str(), type.getAsString(),
                    context.ast.getTypeSizeInChars(type).getQuantity()));
    if (fix_parameter(context, finding, function, i))
      finding.fix = fmt::format("pass '{}' as 'const {} &'", parameter->getName().str(),
                                type.getUnqualifiedType().getAsString());
    else
      finding.replacements.clear();
    context.findings.push_back(std::move(finding));
  }
}

void check_returns(CheckContext &context, const HotFunctionBody &hot) {
  const FunctionDecl &function = *hot.decl;
  auto returns = returnStmt(forFunction(functionDecl(equalsNode(&function)))).bind("node");
  for (const BoundNodes &bound :
       match(stmt(forEachDescendant(returns)), *function.getBody(), context.ast)) {
    const auto *ret = bound.getNodeAs<ReturnStmt>("node");
    const Expr *value = ret->getRetValue();
    if (!value)
      continue;
    // A copy constructor here means neither copy elision nor an implicit move applied: the
    // object returned outlives the call (a member, a global, a reference).
    const auto *construct = dyn_cast<CXXConstructExpr>(value->IgnoreImplicit());
    if (!construct || !construct->getConstructor()->isCopyConstructor() ||
        !expensive_to_copy(context.ast, construct->getType()))
      continue;
    context.findings.push_back(context.function_finding(
        "large-copy", ret->getSourceRange(), hot,
        fmt::format("returns a copy of '{}' ({}, {} bytes) on every call",
                    context.text_of(construct->getArg(0)->getSourceRange()),
                    construct->getType().getAsString(),
                    context.ast.getTypeSizeInChars(construct->getType()).getQuantity())));
  }
}

} // namespace

void check_large_copy(CheckContext &context) {
  for (const HotFunctionBody &hot : context.functions) {
    // A copy costs per call: a function entered only a few times gets no advice.
    if (hot.hot->calls < context.places.thresholds.min_count || !hot.decl->getBody())
      continue;
    check_parameters(context, hot);
    check_returns(context, hot);
  }
}

} // namespace hotline::advise
