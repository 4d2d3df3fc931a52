// SPDX-License-Identifier: GPL-2.0
#include "facts_ast.h"

#include "clang/AST/RecordLayout.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace drvcheck {

namespace {

bool isFieldKey(const char *Key)
{
	return llvm::StringRef(Key).startswith("field:");
}

/* "field:S." of a member key, "" for other keys. */
std::string structOfKey(const char *Key)
{
	llvm::StringRef K(Key);
	size_t Dot = K.find('.');
	return isFieldKey(Key) && Dot != llvm::StringRef::npos ? K.take_front(Dot + 1).str()
								: std::string();
}

/* "field:S.m" of a member key, whichever ring it was reached through. */
llvm::StringRef memberOfKey(const char *Key)
{
	return llvm::StringRef(Key).split('@').first;
}

/* The argument of a byte-order conversion of the model
 * (__builtin_bswap16(x), __fswab32(x)), or null. */
static const Expr *conversionArg(const Expr *E)
{
	const auto *Call = dyn_cast<CallExpr>(E);
	const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;

	if (!FD || Call->getNumArgs() != 1 || !FD->getIdentifier() ||
	    !conversion_lookup(FD->getIdentifier()->getNameStart()))
		return nullptr;
	return Call->getArg(0);
}

/* Parens, the casts that do not read or decay and byte-order
 * conversions: what sparse's ast_strip() leaves of an expression, with
 * the reads kept. */
const Expr *skipCasts(const Expr *E)
{
	for (;;) {
		E = E->IgnoreParens();
		if (const Expr *Arg = conversionArg(E)) {
			E = Arg;
			continue;
		}
		const auto *CE = dyn_cast<CastExpr>(E);
		if (!CE || CE->getCastKind() == CK_LValueToRValue ||
		    CE->getCastKind() == CK_ArrayToPointerDecay ||
		    CE->getCastKind() == CK_FunctionToPointerDecay)
			return E;
		E = CE->getSubExpr();
	}
}

/* The operand of a read (an lvalue-to-rvalue conversion), or null. */
const Expr *readOf(const Expr *E)
{
	const auto *ICE = dyn_cast<ImplicitCastExpr>(skipCasts(E));
	return ICE && ICE->getCastKind() == CK_LValueToRValue ? ICE->getSubExpr() : nullptr;
}

/* The array lvalue a decayed pointer stands for, or null. */
const Expr *decayOf(const Expr *E)
{
	const auto *ICE = dyn_cast<ImplicitCastExpr>(skipCasts(E));
	return ICE && ICE->getCastKind() == CK_ArrayToPointerDecay ? ICE->getSubExpr() : nullptr;
}

const RecordDecl *recordOf(QualType T)
{
	const RecordDecl *RD = T.isNull() ? nullptr : T->getAsRecordDecl();
	return RD && RD->getDefinition() ? RD->getDefinition() : RD;
}

const RecordDecl *pointeeRecord(const Expr *P)
{
	QualType T = P->getType();
	return T->isPointerType() ? recordOf(T->getPointeeType()) : nullptr;
}

/* p + i, i + p, p - i: the pointer side and the integer side. */
bool pointerArith(const Expr *E, const Expr *&Ptr, const Expr *&Int)
{
	const auto *BO = dyn_cast<BinaryOperator>(E);
	if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub) ||
	    !BO->getType()->isPointerType())
		return false;
	Ptr = BO->getLHS();
	Int = BO->getRHS();
	if (!Ptr->getType()->isPointerType())
		std::swap(Ptr, Int);
	return Ptr->getType()->isPointerType() && Int->getType()->isIntegerType();
}

const api_fn *modelCallee(const CallExpr *CE)
{
	const FunctionDecl *FD = CE->getDirectCallee();
	return FD && FD->getIdentifier() ? modelLookup(FD->getName()) : nullptr;
}

/* The walk over one TU's functions; the state of the function walked. */
class Extractor {
public:
	Extractor(ASTContext &C, const std::string &Mod, TuFacts &Out)
		: Ctx(C), SM(C.getSourceManager()), Module(Mod), JF(Out.JF),
		  Functions(Out.Functions)
	{
	}

	void function(const FunctionDecl *FD);

private:
	ASTContext &Ctx;
	const SourceManager &SM;
	const std::string &Module;
	judge_facts &JF;
	std::vector<const FunctionDecl *> &Functions;

	const FunctionDecl *Fn = nullptr;
	std::string FnName, FnFile;
	llvm::DenseMap<const CallExpr *, int> Seen;
	/* the function's last map into a member, that member and its
	 * struct: a constant stored to another member of it is the entry's
	 * flag (clearing the handle itself is none) */
	int LastMap = -1;
	std::string LastMapStruct, LastMapMember;
	/* a map whose handle went to a local first (skb_dma = map(); ...;
	 * desc->skb_dma = skb_dma): the member it is stored to next is its */
	int LocalMap = -1, LocalMapLoc = JLOC_NONE;
	/* the branches the walk is in: an if's then or else, a loop's body,
	 * the statements after a label (code there does not simply follow
	 * what came before); a flag counts with a map in the same branch, as
	 * in tu_facts.c */
	using Scope = std::vector<std::pair<const Stmt *, int>>;
	Scope Here, LastMapScope;
	/* constants stored to members since the last model call: the flags
	 * of the entry the next map fills (igbvf sets mapped_as_page just
	 * before it maps); one stored two values is none */
	struct PendingSet {
		int Loc;
		long long V;
		bool Twice;
		Scope Where;
	};
	std::vector<PendingSet> Pending;
	/* the ifs the walk is inside, and which branch */
	std::vector<std::pair<const Expr *, bool>> Conds;
	/* locals holding another device-tree node than the device's own,
	 * and the struct resources filled from one (of_model) */
	llvm::SmallPtrSet<const VarDecl *, 4> OtherNodes, OtherResources;

	std::string fileOf(SourceLocation L) const
	{
		PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(L));
		return PL.isValid() ? PL.getFilename() : "";
	}
	bool constant(const Expr *E, long long &V) const;
	const char *key(int Loc) const { return JF.locs[Loc].key; }

	int loc(const std::string &Key, const std::string &Name, bool Shared)
	{
		return jf_loc(&JF, Module.c_str(), Key.c_str(), Name.c_str(), Shared);
	}
	int named(const char *Kind, llvm::StringRef Function, int Arg);
	std::string structName(const RecordDecl *RD) const;
	int memberLoc(const RecordDecl *S, const FieldDecl *FD, const std::string &Inst);
	int symbolLoc(const VarDecl *VD);

	std::string instanceOfBase(const Expr *B);
	std::string instanceOfPointer(const Expr *P);
	std::string instanceOfObject(const Expr *O);
	int memberExprLoc(const MemberExpr *ME);
	int lvalueLoc(const Expr *L);
	int exprLoc(const Expr *E);
	int addressLoc(const Expr *A);
	int retLoc(const Expr *E);
	int argLoc(const CallExpr *CE, signed char Pos);

	struct jx value(const Expr *E, int Depth);
	struct jx valueCall(const CallExpr *CE, const value_fn *VF);
	struct jx argValue(const CallExpr *CE, signed char Pos);
	void readStart(const Expr *E, int Site);

	void guards(int Site, const Expr *C, bool Taken, int Depth);
	int site(const CallExpr *CE, const api_fn *Api);
	bool nonlinear(const Expr *E);
	int offsetBase(const Expr *Rhs);
	void assign(int Loc, const Expr *Rhs);
	void flagSet(int Loc, long long V);
	void mapStored(int Site, int Loc);
	int bitTest(const Expr *C);
	void callArgs(const CallExpr *CE);
	bool otherNode(const Expr *E) const;
	void nodeStored(const VarDecl *VD, const Expr *Value);
	void ofNodes(const Expr *E);
	void visit(const Expr *E);
	void walk(const Stmt *S);
};

bool Extractor::constant(const Expr *E, long long &V) const
{
	Expr::EvalResult R;
	if (!E || !E->getType()->isIntegralOrEnumerationType() ||
	    !E->EvaluateAsInt(R, Ctx))
		return false;
	V = R.Val.getInt().getExtValue();
	return true;
}

int Extractor::named(const char *Kind, llvm::StringRef Function, int Arg)
{
	std::string Key = std::string(Kind) + ":" + Function.str();
	if (Arg >= 0)
		Key += "#" + std::to_string(Arg);
	return loc(Key, Key, true);
}

/* A struct's tag, or for an anonymous one where its body opens: the same
 * in every file that includes it. */
std::string Extractor::structName(const RecordDecl *RD) const
{
	if (!RD->getName().empty())
		return RD->getName().str();
	SourceLocation L = SM.getExpansionLoc(RD->getBraceRange().getBegin());
	return "<" + fileOf(L) + ":" + std::to_string(SM.getPresumedLineNumber(L)) + ">";
}

int Extractor::memberLoc(const RecordDecl *S, const FieldDecl *FD,
			 const std::string &Inst)
{
	std::string Name = structName(S), Member = FD->getName().str();
	return loc("field:" + Name + "." + Member + (Inst.empty() ? "" : "@" + Inst),
		   "struct " + Name + "." + Member, true);
}

int Extractor::symbolLoc(const VarDecl *VD)
{
	std::string Id = VD->getName().str();
	if (Id.empty())
		return JLOC_NONE;
	if (VD->isLocalVarDeclOrParm())
		return loc("local:" + FnFile + ":" + FnName + ":" + Id, Id, false);
	if (VD->getStorageClass() == SC_Static)
		return loc("global:" + fileOf(VD->getLocation()) + ":" + Id, Id, true);
	return loc("global:" + Id, Id, true);
}

/*
 * The ring or array an element is reached through, from the pointer to
 * its start B: a pointer member read (ring->buffer_info[i]: its key
 * without "field:"), or an array member of the struct the access starts
 * from (priv->rx_skbs[i]: "S.rx_skbs[]").
 */
std::string Extractor::instanceOfBase(const Expr *B)
{
	int L = exprLoc(B);
	if (L >= 0 && isFieldKey(key(L)))
		return std::string(key(L) + 6) + "[]";
	const auto *AM = dyn_cast_or_null<MemberExpr>(
		decayOf(B) ? decayOf(B)->IgnoreParens() : nullptr);
	if (!AM || (!AM->isArrow() && isa<MemberExpr>(AM->getBase()->IgnoreParens())))
		return "";
	const RecordDecl *S = AM->isArrow() ? pointeeRecord(AM->getBase())
					    : recordOf(AM->getBase()->getType());
	const auto *FD = dyn_cast<FieldDecl>(AM->getMemberDecl());
	if (!S || !FD || !FD->getType()->isArrayType())
		return "";
	return structName(S) + "." + FD->getName().str() + "[]";
}

/* The element P points to, when it is reached by a variable index. */
std::string Extractor::instanceOfPointer(const Expr *P)
{
	const Expr *Ptr, *Int;
	bool Indexed = false;
	long long V;
	for (;;) {
		P = skipCasts(P);
		if (pointerArith(P, Ptr, Int) && !constant(Int, V)) {
			Indexed = true;
			P = Ptr;
			continue;
		}
		const auto *UO = dyn_cast<UnaryOperator>(P);
		const auto *AS = UO && UO->getOpcode() == UO_AddrOf
			? dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens())
			: nullptr;
		if (AS && !constant(AS->getIdx(), V)) {
			Indexed = true;
			P = AS->getBase();
			continue;
		}
		break;
	}
	return Indexed ? instanceOfBase(P) : "";
}

/* The same for an element lvalue (ring->info[i], *(p + i)). */
std::string Extractor::instanceOfObject(const Expr *O)
{
	long long V;
	O = O->IgnoreParens();
	if (const auto *AS = dyn_cast<ArraySubscriptExpr>(O))
		return constant(AS->getIdx(), V) ? "" : instanceOfBase(AS->getBase());
	if (const auto *UO = dyn_cast<UnaryOperator>(O))
		if (UO->getOpcode() == UO_Deref)
			return instanceOfPointer(UO->getSubExpr());
	return "";
}

/*
 * A member access is the member of the struct that holds it: p->m is
 * S.m; p->a.b is B.b in the instance "S.a" when S embeds B twice (a
 * struct embedded per direction, pl022's sgt_tx and sgt_rx, stays two),
 * else in the instance of what holds it (desc->frag.addr through a cursor
 * into either ring is the member of any ring), as sparse keys it; a
 * member of an anonymous struct or union is the enclosing struct's own.
 */
static bool embedsTwice(const RecordDecl *S, const RecordDecl *B)
{
	int N = 0;
	for (const FieldDecl *F : S->fields())
		N += !F->getName().empty() && recordOf(F->getType()) == B;
	return N > 1;
}

int Extractor::memberExprLoc(const MemberExpr *ME)
{
	llvm::SmallVector<const MemberExpr *, 4> Chain{ ME };
	while (!Chain.back()->isArrow())
		if (const auto *B = dyn_cast<MemberExpr>(Chain.back()->getBase()->IgnoreParens()))
			Chain.push_back(B);
		else
			break;
	/* the named members from the root's to the one accessed */
	llvm::SmallVector<const FieldDecl *, 4> Named;
	for (auto I = Chain.rbegin(); I != Chain.rend(); ++I) {
		const auto *F = dyn_cast<FieldDecl>((*I)->getMemberDecl());
		if (!F)
			return JLOC_NONE;
		if (!F->isAnonymousStructOrUnion())
			Named.push_back(F);
	}
	if (Named.empty() || Named.back()->getName().empty())
		return JLOC_NONE;
	const MemberExpr *Root = Chain.back();
	const RecordDecl *S;
	std::string Inst;
	if (Root->isArrow()) {
		S = pointeeRecord(Root->getBase());
		Inst = instanceOfPointer(Root->getBase());
	} else {
		S = recordOf(Root->getBase()->getType());
		Inst = instanceOfObject(Root->getBase());
	}
	if (!S)
		S = Named.front()->getParent();
	for (size_t I = 0; I + 1 < Named.size(); I++) {
		const RecordDecl *In = recordOf(Named[I]->getType());
		if (!In)
			return JLOC_NONE;
		if (embedsTwice(S, In))
			Inst = structName(S) + "." + Named[I]->getName().str();
		S = In;
	}
	return memberLoc(S, Named.back(), Inst);
}

/*
 * Where an lvalue lives.  An element of a scalar array is the array (or
 * the pointer it is indexed through); *p is nowhere known, *(p + i) is p.
 */
int Extractor::lvalueLoc(const Expr *L)
{
	L = L->IgnoreParens();
	if (const auto *DRE = dyn_cast<DeclRefExpr>(L)) {
		const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
		return VD ? symbolLoc(VD) : JLOC_NONE;
	}
	if (const auto *ME = dyn_cast<MemberExpr>(L))
		return memberExprLoc(ME);
	if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
		const Expr *B = AS->getBase();
		if (const Expr *A = decayOf(B))
			return lvalueLoc(A);
		if (const Expr *P = readOf(B))
			return lvalueLoc(P);
		return addressLoc(B);
	}
	const auto *UO = dyn_cast<UnaryOperator>(L);
	if (UO && UO->getOpcode() == UO_Deref && !readOf(UO->getSubExpr()))
		return addressLoc(UO->getSubExpr());
	return JLOC_NONE;
}

/* The location a value is read from, or none. */
int Extractor::exprLoc(const Expr *E)
{
	const Expr *L = E ? readOf(E) : nullptr;
	return L ? lvalueLoc(L) : JLOC_NONE;
}

/* The location a pointer points to: &x, an array, p + i (p's). */
int Extractor::addressLoc(const Expr *A)
{
	const Expr *Ptr, *Int;
	A = skipCasts(A);
	if (const auto *UO = dyn_cast<UnaryOperator>(A))
		return UO->getOpcode() == UO_AddrOf ? lvalueLoc(UO->getSubExpr()) : JLOC_NONE;
	if (const Expr *Arr = decayOf(A))
		return lvalueLoc(Arr);
	if (pointerArith(A, Ptr, Int)) {
		int L = exprLoc(Ptr);
		return L >= 0 ? L : addressLoc(Ptr);
	}
	return JLOC_NONE;
}

/*
 * What a call returns, as ret:F, when sparse sees the same call (an
 * accessor read as an argument: desc_get_buf_addr(p) as the handle): a
 * function of the driver's own files, or one defined nowhere in the TU.
 * A static inline of the kernel's headers is none: sparse inlines it and
 * sees only its body, an expression it cannot name.
 */
int Extractor::retLoc(const Expr *E)
{
	const auto *CE = dyn_cast<CallExpr>(skipCasts(E));
	const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr, *Def;
	if (!FD || !FD->getIdentifier() || modelCallee(CE))
		return JLOC_NONE;
	if (FD->hasBody(Def)) {
		const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
		const FileEntry *FE = SM.getFileEntryForID(
			SM.getFileID(SM.getExpansionLoc(Def->getLocation())));
		if (!Main || !FE || FE->getDir() != Main->getDir())
			return JLOC_NONE;
	}
	return named("ret", FD->getName(), -1);
}

/* An argument's location; a variable's address or an array passed by
 * name is the variable (&iomem_resource is the parent of a request), a
 * call its ret:F. */
int Extractor::argLoc(const CallExpr *CE, signed char Pos)
{
	if (Pos < 0 || (unsigned)Pos >= CE->getNumArgs())
		return JLOC_NONE;
	const Expr *Arg = CE->getArg(Pos);
	int L = exprLoc(Arg);
	const auto *UO = dyn_cast<UnaryOperator>(skipCasts(Arg));
	const Expr *Var = decayOf(Arg) ? decayOf(Arg)
			: UO && UO->getOpcode() == UO_AddrOf ? UO->getSubExpr() : nullptr;
	if (L < 0 && Var && isa<DeclRefExpr>(Var->IgnoreParens()))
		L = lvalueLoc(Var);
	return L >= 0 ? L : retLoc(Arg);
}

/* The model's value function a call names (resource_size()), or null. */
static const value_fn *valueCallee(const CallExpr *CE)
{
	const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
	return FD && FD->getIdentifier() ? value_lookup(FD->getName().str().c_str()) : nullptr;
}

static const FieldDecl *fieldNamed(const RecordDecl *RD, const char *Name)
{
	for (const FieldDecl *FD : RD->fields())
		if (FD->getName() == Name)
			return FD;
	return nullptr;
}

/* resource_size(res): res->end - res->start + 1, as those members read
 * directly would be written. */
struct jx Extractor::valueCall(const CallExpr *CE, const value_fn *VF)
{
	const RecordDecl *RD = (unsigned)VF->arg < CE->getNumArgs()
		? pointeeRecord(CE->getArg(VF->arg)->IgnoreParenImpCasts()) : nullptr;
	const FieldDecl *Plus = RD ? fieldNamed(RD, VF->plus) : nullptr;
	const FieldDecl *Minus = RD ? fieldNamed(RD, VF->minus) : nullptr;
	if (!Plus || !Minus)
		return jx_opaque();
	struct jx P = jx_atom(key(memberLoc(RD, Plus, "")), 1, VF->c);
	struct jx M = jx_atom(key(memberLoc(RD, Minus, "")), 1, 0);
	struct jx X = jx_sub(&P, &M);
	jx_free(&P);
	jx_free(&M);
	return X;
}

/* A value as the judge compares them: constants, locations, + - * <<,
 * the model's value functions. */
struct jx Extractor::value(const Expr *E, int Depth)
{
	long long V;
	if (!E || Depth > 8)
		return jx_opaque();
	if (constant(E, V))
		return jx_const(V);
	int L = exprLoc(E);
	if (L < 0)
		L = retLoc(E);
	if (L >= 0)
		return jx_atom(key(L), 1, 0);
	const auto *CE = dyn_cast<CallExpr>(E->IgnoreParenCasts());
	if (const value_fn *VF = valueCallee(CE))
		return valueCall(CE, VF);
	const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenCasts());
	if (!BO || !BO->getType()->isIntegerType())
		return jx_opaque();
	struct jx A = value(BO->getLHS(), Depth + 1), B = value(BO->getRHS(), Depth + 1), X;
	if (BO->getOpcode() == BO_Add)
		X = jx_add(&A, &B);
	else if (BO->getOpcode() == BO_Sub)
		X = jx_sub(&A, &B);
	else if (BO->getOpcode() == BO_Mul && jx_known(&B))
		X = jx_scale(&A, B.c);
	else if (BO->getOpcode() == BO_Mul && jx_known(&A))
		X = jx_scale(&B, A.c);
	else if (BO->getOpcode() == BO_Shl && jx_known(&B) && B.c >= 0 && B.c < 62)
		X = jx_scale(&A, 1LL << B.c);
	else if (BO->getOpcode() == BO_Div && jx_known(&B))
		X = jx_div(&A, B.c);
	else if (BO->getOpcode() == BO_Shr && jx_known(&B) && B.c >= 0 && B.c < 62)
		X = jx_div(&A, 1LL << B.c);
	else
		X = jx_opaque();
	jx_free(&A);
	jx_free(&B);
	return X;
}

struct jx Extractor::argValue(const CallExpr *CE, signed char Pos)
{
	if (Pos < 0 || (unsigned)Pos >= CE->getNumArgs())
		return jx{ JX_NONE, 0, 0, nullptr, nullptr, 0 };
	return value(CE->getArg(Pos), 0);
}

/* The struct holding the scalar at byte Off of RD as its own member,
 * through embedded structs and arrays (pdev->resource[2].start is a
 * member of struct resource), or null. */
const RecordDecl *holderAt(const ASTContext &Ctx, const RecordDecl *RD, int64_t Off,
			   int Depth)
{
	if (Depth > 8 || !RD->isCompleteDefinition())
		return nullptr;
	const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(RD);
	for (const FieldDecl *F : RD->fields()) {
		int64_t At = (int64_t)(Layout.getFieldOffset(F->getFieldIndex()) / 8);
		QualType T = F->getType();
		if (T->isIncompleteType())
			continue;
		int64_t Size = (int64_t)(Ctx.getTypeSize(T) / 8);
		if (Off < At || Off >= At + Size)
			continue;
		Off -= At;
		while (const ArrayType *AT = Ctx.getAsArrayType(T)) {
			T = AT->getElementType();
			int64_t Elem = (int64_t)(Ctx.getTypeSize(T) / 8);
			if (Elem < 1)
				return nullptr;
			Off %= Elem;
		}
		if (const RecordDecl *Inner = recordOf(T))
			return holderAt(Ctx, Inner, Off, Depth + 1);
		return Off == 0 ? RD : nullptr;
	}
	return nullptr;
}

/*
 * A region start as a key that is the same in every function of the
 * module for the same value (tu_facts.c's read_start()): a constant
 * ("#4096"), a member read through any pointer at its byte offset and
 * bit size ("struct pci_dev+1112:64" for pci_resource_start(pdev, 2)),
 * or a variable of this function ("local:FILE:F:x+0").  A member also
 * gives the struct that holds it.
 */
void Extractor::readStart(const Expr *E, int Site)
{
	jsite *S = &JF.sites[Site];
	const Expr *L = readOf(E), *P, *Ptr, *Int;
	const RecordDecl *RD = nullptr;
	int64_t Off = 0;
	long long V;

	if (constant(E, V)) {
		S->start_key = xasprintf("#%lld", V);
		return;
	}
	/* down to the pointer the access starts from, or the element of a
	 * variable index, adding the constant steps */
	while (L && !RD) {
		L = L->IgnoreParens();
		const auto *ME = dyn_cast<MemberExpr>(L);
		const auto *AS = dyn_cast<ArraySubscriptExpr>(L);
		const auto *UO = dyn_cast<UnaryOperator>(L);
		const auto *DRE = dyn_cast<DeclRefExpr>(L);
		P = nullptr;
		if (ME) {
			const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
			if (!FD || FD->isBitField())
				return;
			Off += (int64_t)(Ctx.getFieldOffset(FD) / 8);
			if (ME->isArrow())
				P = ME->getBase();
			else
				L = ME->getBase();
		} else if (AS && !constant(AS->getIdx(), V)) {
			RD = recordOf(AS->getType());
			if (!RD)
				return;
		} else if (AS) {
			Off += V * (int64_t)(Ctx.getTypeSize(AS->getType()) / 8);
			P = AS->getBase();
		} else if (UO && UO->getOpcode() == UO_Deref) {
			P = UO->getSubExpr();
		} else if (DRE) {
			S->start_key = xasprintf("local:%s:%s:%s+%lld", FnFile.c_str(),
						 FnName.c_str(),
						 DRE->getDecl()->getName().str().c_str(),
						 (long long)Off);
			/* a struct variable of the function (struct resource r
			 * that of_address_to_resource() fills) holds it too,
			 * unless it holds another node's region */
			const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
			if (const RecordDecl *VR = VD && OtherResources.count(VD) ?
						   nullptr : recordOf(DRE->getType()))
				if (const RecordDecl *H = holderAt(Ctx, VR, Off, 0))
					if (!H->getName().empty())
						S->start_holder = xstrdup(H->getName().str().c_str());
			return;
		} else {
			return;
		}
		if (!P)
			continue;
		/* a pointer: its constant steps, then what it is the address of
		 * (&pdev->resource[2], an array), else the struct it points to */
		for (P = skipCasts(P); pointerArith(P, Ptr, Int) && constant(Int, V) &&
		     !Ptr->getType()->getPointeeType()->isIncompleteType();
		     P = skipCasts(Ptr)) {
			QualType T = Ptr->getType()->getPointeeType();
			int64_t Step = (int64_t)(Ctx.getTypeSize(T) / 8);
			Off += (cast<BinaryOperator>(P)->getOpcode() == BO_Sub ? -V : V) * Step;
		}
		UO = dyn_cast<UnaryOperator>(P);
		if (UO && UO->getOpcode() == UO_AddrOf)
			L = UO->getSubExpr();
		else if (!(L = decayOf(P)))
			RD = pointeeRecord(P);
		if (!L && !RD)
			return;
	}
	if (!RD || RD->getName().empty())
		return;
	S->start_key = xasprintf("struct %s+%lld:%llu", RD->getName().str().c_str(),
				 (long long)Off,
				 (unsigned long long)Ctx.getTypeSize(readOf(E)->getType()));
	if (const RecordDecl *H = holderAt(Ctx, RD, Off, 0))
		if (!H->getName().empty())
			S->start_holder = xstrdup(H->getName().str().c_str());
}

/* "e->flags & BIT": that bit's location (jf_bit_loc()), else JLOC_NONE */
int Extractor::bitTest(const Expr *C)
{
	long long V;
	const auto *BO = dyn_cast<BinaryOperator>(skipCasts(C));
	if (!BO || BO->getOpcode() != BO_And)
		return JLOC_NONE;
	if (constant(BO->getRHS(), V))
		return jf_bit_loc(&JF, exprLoc(BO->getLHS()), V);
	if (constant(BO->getLHS(), V))
		return jf_bit_loc(&JF, exprLoc(BO->getRHS()), V);
	return JLOC_NONE;
}

/* An if's condition on a member: the site under it runs when it holds. */
void Extractor::guards(int Site, const Expr *C, bool Taken, int Depth)
{
	long long V;
	if (!C || Depth > 4)
		return;
	C = skipCasts(C);
	const auto *UO = dyn_cast<UnaryOperator>(C);
	const auto *BO = dyn_cast<BinaryOperator>(C);
	if (UO && UO->getOpcode() == UO_LNot) {
		guards(Site, UO->getSubExpr(), !Taken, Depth + 1);
	} else if (BO && BO->getOpcode() == (Taken ? BO_LAnd : BO_LOr)) {
		guards(Site, BO->getLHS(), Taken, Depth + 1);
		guards(Site, BO->getRHS(), Taken, Depth + 1);
	} else if (BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
		bool RightConst = constant(BO->getRHS(), V);
		const Expr *Side = RightConst ? BO->getLHS() : BO->getRHS();
		int L = exprLoc(Side);
		if (L < 0)
			L = bitTest(Side);
		if ((RightConst || constant(BO->getLHS(), V)) && L >= 0 && isFieldKey(key(L)))
			jf_site_guard(&JF, Site, L, (BO->getOpcode() == BO_EQ) == Taken, V);
	} else {
		int L = bitTest(C);
		if (L < 0)
			L = exprLoc(C);
		if (L >= 0 && isFieldKey(key(L)))
			jf_site_guard(&JF, Site, L, !Taken, 0);
	}
}

int Extractor::site(const CallExpr *CE, const api_fn *Api)
{
	auto It = Seen.find(CE);
	if (It != Seen.end())
		return It->second;
	int Handle = Api->handle >= 0 && !(Api->flags & API_HANDLE_OUT)
		? argLoc(CE, Api->handle) : JLOC_NONE;
	int Buf = argLoc(CE, Api->buf), Nents = argLoc(CE, Api->nents);
	SourceLocation Loc = SM.getExpansionLoc(CE->getBeginLoc());
	PresumedLoc PL = SM.getPresumedLoc(Loc);
	int Idx = jf_site(&JF, Api, writtenApi(CE, Api, Ctx),
			  PL.isValid() ? PL.getFilename() : "", PL.isValid() ? PL.getLine() : 0,
			  PL.isValid() ? PL.getColumn() : 0, FnName.c_str(), Module.c_str());
	Seen[CE] = Idx;
	Functions.resize(JF.n_sites);
	Functions[Idx] = Fn;
	JF.sites[Idx].origin = CE;
	JF.sites[Idx].handle = Handle;
	JF.sites[Idx].buf = Buf;
	JF.sites[Idx].nents_loc = Nents;
	JF.sites[Idx].size = argValue(CE, Api->size);
	JF.sites[Idx].nents = argValue(CE, Api->nents);
	JF.sites[Idx].offset = argValue(CE, Api->offset);
	JF.sites[Idx].start = argValue(CE, Api->start);
	long long Dir;
	if (Api->dir >= 0 && (unsigned)Api->dir < CE->getNumArgs() &&
	    constant(CE->getArg(Api->dir), Dir))
		JF.sites[Idx].dir = (int)Dir;
	if (Api->start >= 0 && (unsigned)Api->start < CE->getNumArgs()) {
		readStart(CE->getArg(Api->start), Idx);
		JF.sites[Idx].start_loc = exprLoc(CE->getArg(Api->start));
	}
	if ((Api->flags & API_HANDLE_OUT) && Api->handle >= 0 &&
	    (unsigned)Api->handle < CE->getNumArgs())
		jf_add_site_source(&JF, addressLoc(CE->getArg(Api->handle)), Idx);
	/* a scatterlist holds its mapping: the unmap finds it there */
	if (Api->role == ROLE_DMA_MAP && Api->handle == ARG_NONE && Buf >= 0)
		jf_add_site_source(&JF, Buf, Idx);
	for (const auto &[Cond, Taken] : Conds)
		guards(Idx, Cond, Taken, 0);
	/* the next map or release ends the last map's flags; a release ends
	 * the constants stored before it, a map they are the flags of */
	if (Api->family == FAMILY_DMA && Api->role != ROLE_DMA_MAPPING_ERROR) {
		LastMap = -1;
		if (Api->role != ROLE_DMA_MAP && Api->role != ROLE_DMA_ALLOC)
			Pending.clear();
	}
	return Idx;
}


/* Is E no linear form (i * size)? */
bool Extractor::nonlinear(const Expr *E)
{
	struct jx X = value(E, 0);
	bool Opaque = X.kind == JX_OPAQUE;
	jx_free(&X);
	return Opaque;
}

/*
 * The location Rhs steps from, when Rhs is "base + offset" (or "offset +
 * base", "base - offset") with an offset that is no linear form: a handle
 * inside what base holds (3w-9xxx carves one coherent block into slots,
 * phys[i] = dma_handle + i * size).  A linear offset keeps Rhs a value.
 */
int Extractor::offsetBase(const Expr *Rhs)
{
	const auto *BO = dyn_cast<BinaryOperator>(Rhs->IgnoreParenCasts());
	if (!BO || (BO->getOpcode() != BO_Add && BO->getOpcode() != BO_Sub))
		return -1;
	int Base = exprLoc(BO->getLHS());
	if (Base >= 0 && nonlinear(BO->getRHS()))
		return Base;
	Base = BO->getOpcode() == BO_Add ? exprLoc(BO->getRHS()) : -1;
	return Base >= 0 && nonlinear(BO->getLHS()) ? Base : -1;
}

/* Loc = Rhs: what Rhs may be becomes a source of Loc. */
void Extractor::assign(int Loc, const Expr *Rhs)
{
	long long V;
	if (Loc < 0 || !Rhs)
		return;
	const auto *CE = dyn_cast<CallExpr>(Rhs->IgnoreParenCasts());
	if (const api_fn *Api = CE ? modelCallee(CE) : nullptr) {
		int Site = site(CE, Api);
		jf_add_site_source(&JF, Loc, Site);
		if (Api->role == ROLE_DMA_MAP)
			mapStored(Site, Loc);
		return;
	}
	if (constant(Rhs->IgnoreParenCasts(), V) && V == 0)
		return;		/* cleared, not a new value */
	int From = exprLoc(Rhs);
	const FunctionDecl *Callee = CE && !valueCallee(CE) ? CE->getDirectCallee() : nullptr;
	int Base = From < 0 && !Callee ? offsetBase(Rhs) : -1;
	if (From >= 0) {
		jf_add_loc_source(&JF, Loc, From);
	} else if (Callee && Callee->getIdentifier()) {
		jf_add_loc_source(&JF, Loc, named("ret", Callee->getName(), -1));
	} else if (Base >= 0) {
		jf_add_loc_source(&JF, Loc, Base);
		jf_add_derived(&JF, Loc);
	} else {
		jf_add_value(&JF, Loc, value(Rhs, 0));
	}
	if (From >= 0 && From == LocalMapLoc && LocalMap >= 0)
		mapStored(LocalMap, Loc);
}

/* A map's handle went to Loc: if it is a member, its entry's flags. */
void Extractor::mapStored(int Site, int Loc)
{
	if (!isFieldKey(key(Loc))) {
		if (!strncmp(key(Loc), "local:", 6)) {
			LocalMap = Site;
			LocalMapLoc = Loc;
		}
		return;
	}
	LastMap = Site;
	LastMapStruct = structOfKey(key(Loc));
	LastMapMember = memberOfKey(key(Loc)).str();
	LastMapScope = Here;
	for (const PendingSet &P : Pending)
		if (!P.Twice && P.Loc != Loc && P.Where == Here &&
		    structOfKey(key(P.Loc)) == LastMapStruct)
			jf_site_set(&JF, Site, P.Loc, P.V);
	Pending.clear();
}

/* A constant stored to a member (or to a bit of it, jf_bit_loc()): a
 * flag of the entry a map just filled (as the member's type holds it, as
 * a guard compares it), or of the one the next map fills. */
void Extractor::flagSet(int Loc, long long V)
{
	if (Loc < 0 || !isFieldKey(key(Loc)))
		return;
	if (LastMap >= 0 && !LastMapStruct.empty() && Here == LastMapScope &&
	    structOfKey(key(Loc)) == LastMapStruct &&
	    memberOfKey(key(Loc)) != LastMapMember) {
		jf_site_set(&JF, LastMap, Loc, V);
		return;
	}
	for (PendingSet &P : Pending)
		if (P.Loc == Loc) {
			P.Twice |= P.V != V;
			return;
		}
	Pending.push_back({ Loc, V, false, Here });
}

/* Is E the address of a scalar (a handle or a length, not a list)? */
bool scalarAddress(const Expr *E)
{
	QualType T = E->getType();
	return T->isPointerType() && T->getPointeeType()->isIntegerType();
}

/*
 * A call of another function: each argument flows to its parameter
 * (param:F#N), so that a helper that releases what its caller passes is
 * judged against the caller's maps.  A scalar whose address is passed may
 * be written there: what it holds is no longer known from this module's
 * assignments alone.
 */
void Extractor::callArgs(const CallExpr *CE)
{
	const FunctionDecl *Callee = CE->getDirectCallee();
	for (unsigned I = 0; I < CE->getNumArgs(); I++) {
		const Expr *Arg = CE->getArg(I);
		int L = scalarAddress(Arg) ? addressLoc(Arg) : JLOC_NONE;
		if (L >= 0)
			jf_add_unknown(&JF, L);
		else if (Callee && Callee->getIdentifier())
			assign(named("param", Callee->getName(), (int)I), Arg);
	}
}

static const of_fn *ofCallee(const Expr *E)
{
	const auto *CE = dyn_cast_or_null<CallExpr>(E ? E->IgnoreParenCasts() : nullptr);
	const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
	return FD && FD->getIdentifier() ? of_lookup(FD->getName().str().c_str()) : nullptr;
}

static const VarDecl *localOf(const Expr *E)
{
	const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenCasts() : nullptr);
	return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/* A lookup of another node, or a local holding one. */
bool Extractor::otherNode(const Expr *E) const
{
	if (const VarDecl *VD = localOf(E))
		return OtherNodes.count(VD);
	const of_fn *F = ofCallee(E);
	return F && F->role == OF_OTHER_NODE;
}

void Extractor::nodeStored(const VarDecl *VD, const Expr *Value)
{
	if (VD && otherNode(Value))
		OtherNodes.insert(VD);
}

/* of_address_to_resource(node, i, &res) with another node: res holds
 * that node's region, not the device's (tu_facts' of_nodes.c) */
void Extractor::ofNodes(const Expr *E)
{
	if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
		if (BO->getOpcode() == BO_Assign)
			nodeStored(localOf(BO->getLHS()), BO->getRHS());
		return;
	}
	const of_fn *F = ofCallee(E);
	const auto *CE = dyn_cast<CallExpr>(E);
	if (!F || !CE || F->role != OF_FILL_RESOURCE || F->res < 0 ||
	    F->node < 0 || (unsigned)F->res >= CE->getNumArgs() ||
	    (unsigned)F->node >= CE->getNumArgs() || !otherNode(CE->getArg(F->node)))
		return;
	const auto *UO = dyn_cast<UnaryOperator>(CE->getArg(F->res)->IgnoreParenCasts());
	if (UO && UO->getOpcode() == UO_AddrOf)
		if (const VarDecl *VD = localOf(UO->getSubExpr()))
			OtherResources.insert(VD);
}

void Extractor::visit(const Expr *E)
{
	ofNodes(E);
	if (const auto *CE = dyn_cast<CallExpr>(E)) {
		if (const api_fn *Api = modelCallee(CE))
			site(CE, Api);
		else
			callArgs(CE);
		return;
	}
	if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
		if (!BO->isAssignmentOp())
			return;
		int L = lvalueLoc(BO->getLHS());
		long long V;
		bool Const = constant(BO->getRHS(), V);
		if (BO->getOpcode() == BO_Assign) {
			assign(L, BO->getRHS());
			if (Const)
				flagSet(L, V);
		} else if (L >= 0) {
			jf_add_derived(&JF, L);
			/* a mark of the entry: e->flags |= BIT, e->flags &= ~BIT */
			if (Const && BO->getOpcode() == BO_OrAssign)
				flagSet(jf_bit_loc(&JF, L, V), 1);
			else if (Const && BO->getOpcode() == BO_AndAssign)
				flagSet(jf_bit_loc(&JF, L, ~V), 0);
		}
		return;
	}
	const auto *UO = dyn_cast<UnaryOperator>(E);
	int L = UO && UO->isIncrementDecrementOp() ? lvalueLoc(UO->getSubExpr()) : JLOC_NONE;
	if (L >= 0)
		jf_add_derived(&JF, L);
}

/* Every expression parents first, the ifs' branches under their
 * conditions; what the compiler does not evaluate is not walked. */
void Extractor::walk(const Stmt *S)
{
	if (!S)
		return;
	if (const auto *If = dyn_cast<IfStmt>(S)) {
		walk(If->getInit());
		walk(If->getCond());
		Conds.push_back({ If->getCond(), true });
		Here.push_back({ If, 1 });
		walk(If->getThen());
		Conds.back().second = false;
		Here.back().second = 0;
		walk(If->getElse());
		Here.pop_back();
		Conds.pop_back();
		return;
	}
	if (isa<ForStmt, WhileStmt, DoStmt>(S)) {
		Here.push_back({ S, 2 });
		for (const Stmt *Child : S->children())
			walk(Child);
		Here.pop_back();
		return;
	}
	if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
		size_t Depth = Here.size();
		for (const Stmt *Child : CS->body()) {
			if (isa<LabelStmt>(Child))
				Here.push_back({ Child, 2 });
			walk(Child);
		}
		Here.resize(Depth);
		return;
	}
	if (const auto *DS = dyn_cast<DeclStmt>(S)) {
		for (const Decl *D : DS->decls())
			if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit()) {
				assign(symbolLoc(VD), VD->getInit());
				nodeStored(VD, VD->getInit());
				walk(VD->getInit());
			}
		return;
	}
	if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
		assign(named("ret", FnName, -1), RS->getRetValue());
		walk(RS->getRetValue());
		return;
	}
	if (isa<UnaryExprOrTypeTraitExpr>(S))
		return;
	if (const auto *GS = dyn_cast<GenericSelectionExpr>(S))
		return walk(GS->isResultDependent() ? nullptr : GS->getResultExpr());
	if (const auto *CH = dyn_cast<ChooseExpr>(S))
		return walk(CH->getChosenSubExpr());
	if (const auto *E = dyn_cast<Expr>(S))
		visit(E);
	for (const Stmt *Child : S->children())
		walk(Child);
}

/* A parameter holds what the module's callers pass (callArgs()). */
void Extractor::function(const FunctionDecl *FD)
{
	Fn = FD;
	FnName = FD->getName().str();
	FnFile = fileOf(FD->getLocation());
	Seen.clear();
	LastMap = -1;
	LocalMap = -1;
	LastMapStruct.clear();
	LastMapMember.clear();
	Pending.clear();
	Here.clear();
	LastMapScope.clear();
	Conds.clear();
	OtherNodes.clear();
	OtherResources.clear();
	for (unsigned I = 0; I < FD->getNumParams(); I++) {
		int L = symbolLoc(FD->getParamDecl(I));
		if (L >= 0)
			jf_add_loc_source(&JF, L, named("param", FnName, (int)I));
	}
	walk(FD->getBody());
}

} // namespace

void extractFacts(ASTContext &Ctx, const std::string &Module, TuFacts &Out)
{
	const SourceManager &SM = Ctx.getSourceManager();
	const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
	Extractor X(Ctx, Module, Out);
	for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
		const auto *FD = dyn_cast<FunctionDecl>(D);
		if (!FD || !FD->doesThisDeclarationHaveABody() || !FD->getIdentifier())
			continue;
		/* the driver's own code: its file and the headers beside it */
		FileID F = SM.getFileID(SM.getExpansionLoc(FD->getLocation()));
		const FileEntry *FE = SM.getFileEntryForID(F);
		if (Main && FE && FE->getDir() == Main->getDir())
			X.function(FD);
	}
}

std::string kbuildModule(const Preprocessor &PP)
{
	std::string Name;
	for (const auto &[Def, Undef] : PP.getPreprocessorOpts().Macros) {
		llvm::StringRef D(Def);
		if (!D.consume_front("KBUILD_MODNAME="))
			continue;
		Name = Undef ? "" : D.str();
	}
	if (Name.size() >= 2 && Name.front() == '"' && Name.back() == '"')
		Name = Name.substr(1, Name.size() - 2);
	return Name;
}

} // namespace drvcheck
