// SPDX-License-Identifier: GPL-2.0
#include "tu_index.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

#include <memory>

namespace drvcheck {

namespace {

/* Direct facts: per function, the families it calls and the TU functions
 * it calls; per ops initializer, the poll callbacks. */
class DirectFacts : public RecursiveASTVisitor<DirectFacts> {
public:
	llvm::DenseMap<const Decl *, unsigned> Families;
	llvm::DenseMap<const Decl *, llvm::SmallVector<const Decl *, 8>> Callees;
	llvm::DenseSet<const Decl *> PollCallbacks;
	bool PortIo = false, MapsMmio = false;

	DirectFacts(const SourceManager &Sources, const LangOptions &Lang)
		: SM(Sources), LO(Lang)
	{
		llvm::StringRef Main = SM.getFileEntryRefForID(SM.getMainFileID())->getName();
		MainDir = Main.substr(0, Main.rfind('/') + 1);
	}

	bool TraverseFunctionDecl(FunctionDecl *FD)
	{
		if (!FD->doesThisDeclarationHaveABody())
			return true;
		const Decl *Saved = Current;
		bool SavedDriver = InDriver;
		Current = FD->getCanonicalDecl();
		InDriver = driverWritten(FD->getBody()->getBeginLoc());
		Families.try_emplace(Current, 0);
		RecursiveASTVisitor::TraverseStmt(FD->getBody());
		Current = Saved;
		InDriver = SavedDriver;
		return true;
	}

	bool VisitCallExpr(CallExpr *CE)
	{
		const FunctionDecl *Callee = CE->getDirectCallee();
		if (!Current || !Callee || !Callee->getIdentifier())
			return true;
		const api_fn *Fn = modelLookup(Callee->getName());
		if (Fn)
			Families[Current] |= 1u << Fn->family;
		else
			Callees[Current].push_back(Callee->getCanonicalDecl());
		/* only a driver function's calls: not the kernel's inlines */
		if (InDriver && !(PortIo && MapsMmio)) {
			std::string Written = writtenName(CE);
			const api_fn *W = modelLookup(Written);
			PortIo |= port_io_lookup(Written.c_str());
			MapsMmio |= api_maps_mmio(Fn) || api_maps_mmio(W);
		}
		return true;
	}

	/* The semantic form of an initializer has one init per field; the
	 * visitor walks the syntactic (designated) form. */
	bool VisitInitListExpr(InitListExpr *Written)
	{
		InitListExpr *ILE = Written->isSemanticForm()
			? Written : Written->getSemanticForm();
		if (!ILE)
			return true;
		const RecordType *RT = ILE->getType()->getAs<RecordType>();
		if (!RT || !RT->getDecl()->getIdentifier())
			return true;
		llvm::StringRef Type = RT->getDecl()->getName();
		for (size_t I = 0; I < poll_ops_model_count; I++) {
			if (Type != poll_ops_model[I].type)
				continue;
			unsigned Index = 0;
			for (const FieldDecl *F : RT->getDecl()->fields()) {
				if (Index >= ILE->getNumInits())
					break;
				const Expr *Init = ILE->getInit(Index++);
				if (F->getName() != poll_ops_model[I].member || !Init)
					continue;
				if (auto *DRE = dyn_cast<DeclRefExpr>(Init->IgnoreParenImpCasts()))
					if (auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
						PollCallbacks.insert(FD->getCanonicalDecl());
			}
		}
		return true;
	}

private:
	const Decl *Current = nullptr;
	bool InDriver = false;	/* Current is defined in the driver's files */
	const SourceManager &SM;
	const LangOptions &LO;
	llvm::StringRef MainDir;

	/* the name the driver wrote: outb() reaches the AST as __outb() */
	std::string writtenName(const CallExpr *CE) const
	{
		SourceLocation At = SM.getExpansionLoc(CE->getBeginLoc());
		return Lexer::getSourceText(CharSourceRange::getTokenRange(At), SM, LO).str();
	}

	/* written in the main file or a header beside it, as sparse's
	 * src_index reads the driver's own files */
	bool driverWritten(SourceLocation Loc) const
	{
		llvm::StringRef File = SM.getFilename(SM.getExpansionLoc(Loc));
		return File.startswith(MainDir) && !File.substr(MainDir.size()).contains('/');
	}
};

} // namespace

TuIndex::TuIndex(ASTContext &Ctx)
{
	DirectFacts Facts(Ctx.getSourceManager(), Ctx.getLangOpts());
	Facts.TraverseDecl(Ctx.getTranslationUnitDecl());
	PollCallbacks = std::move(Facts.PollCallbacks);
	PortIo = Facts.PortIo;
	MapsMmio = Facts.MapsMmio;
	Reach = std::move(Facts.Families);
	/* Propagate along TU calls until nothing changes: the call graph of
	 * one driver file is small, a few rounds suffice. */
	for (bool Changed = true; Changed;) {
		Changed = false;
		for (auto &[Caller, Callees] : Facts.Callees)
			for (const Decl *Callee : Callees) {
				auto It = Reach.find(Callee);
				if (It == Reach.end())
					continue;
				unsigned &Mask = Reach[Caller];
				if ((Mask | It->second) != Mask) {
					Mask |= It->second;
					Changed = true;
				}
			}
	}
}

const TuIndex &TuIndex::of(ASTContext &Ctx)
{
	/* One compiler invocation analyzes one TU; keep its index. */
	static const ASTContext *Built;
	static std::unique_ptr<TuIndex> Index;
	if (Built != &Ctx) {
		Index.reset(new TuIndex(Ctx));
		Built = &Ctx;
	}
	return *Index;
}

bool TuIndex::isPollCallback(const Decl *D) const
{
	return D && PollCallbacks.count(D->getCanonicalDecl());
}

bool TuIndex::reaches(const Decl *D, api_family Family) const
{
	if (!D)
		return false;
	auto It = Reach.find(D->getCanonicalDecl());
	return It != Reach.end() && (It->second & (1u << Family));
}

} // namespace drvcheck
