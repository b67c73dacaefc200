# ruff: noqa
# fmt: off
# The spec's lesson reporter (MNEMOSYNE spec, "2. Lesson Reporter Module"), copied verbatim as a
# test fixture: tests/lessons/test_spec_client_live.py runs it unchanged against a live server.
# /opt/leveredge/shared/lesson_reporter.py

"""
MNEMOSYNE Lesson Reporter

Usage:
    from shared.lesson_reporter import LessonReporter
    
    reporter = LessonReporter("CHRONOS")
    
    # Report a failure
    await reporter.failure(
        title="PostgreSQL permission denied on /var/lib/postgresql/data",
        context="Running backup after container restart",
        action_taken="Attempted to run pg_dump",
        outcome="Permission denied error",
        root_cause="Container UID mismatch after postgres upgrade",
        solution="Run: docker exec <container> chown -R postgres:postgres /var/lib/postgresql/data",
        tags=["docker", "postgres", "permissions"]
    )
    
    # Report a success
    await reporter.success(
        title="Backup completed with streaming compression",
        context="Nightly backup routine",
        action_taken="Used pg_dump | gzip pipeline",
        outcome="Backup size reduced 70%, time reduced 40%",
        tags=["backup", "optimization"]
    )
    
    # Check before taking action
    result = await reporter.check_before_action(
        "docker exec -it container rm -rf /data",
        context="Cleaning up old data"
    )
    if result.blocked:
        print(f"BLOCKED: {result.warnings}")
        print(f"Try instead: {result.alternatives}")
"""

import os
import httpx
from typing import List, Optional, Dict, Any
from enum import Enum

class LessonReporter:
    def __init__(self, agent_name: str):
        self.agent_name = agent_name
        self.mnemosyne_url = os.environ.get(
            "MNEMOSYNE_URL", 
            "http://localhost:8025"
        )
        self.enabled = os.environ.get("LEARNING_ENABLED", "true").lower() == "true"
        
        # Infer domain from agent
        self.domain = self._infer_domain()
    
    def _infer_domain(self) -> str:
        domain_map = {
            "CHRONOS": "infrastructure",
            "HADES": "infrastructure", 
            "AEGIS": "security",
            "HERMES": "notifications",
            "ARGUS": "monitoring",
            "PANOPTES": "security",
            "ASCLEPIUS": "health",
            "SCHOLAR": "research",
            "CHIRON": "business",
            "CONSUL": "project_management",
            "DAEDALUS": "infrastructure",
            "MUSE": "creative",
            "QUILL": "creative",
            "STAGE": "creative",
            "REEL": "creative",
            "CRITIC": "creative",
            "VARYS": "oversight",
            "ARIA": "assistant",
            "CLAUDE_CODE": "development",
        }
        return domain_map.get(self.agent_name, "general")
    
    async def _report(self, lesson: Dict[str, Any]) -> Dict[str, Any]:
        if not self.enabled:
            return {"status": "disabled"}
        
        try:
            async with httpx.AsyncClient() as client:
                response = await client.post(
                    f"{self.mnemosyne_url}/lessons/report",
                    json=lesson,
                    timeout=10.0
                )
                return response.json()
        except Exception as e:
            print(f"[{self.agent_name}] Failed to report lesson: {e}")
            return {"status": "error", "error": str(e)}
    
    async def success(
        self,
        title: str,
        context: str,
        action_taken: str,
        outcome: str,
        tags: List[str] = [],
        category: Optional[str] = None,
        confidence: float = 0.9
    ) -> Dict[str, Any]:
        """Report a successful approach"""
        return await self._report({
            "lesson_type": "success",
            "domain": self.domain,
            "category": category or self.domain,
            "title": title,
            "context": context,
            "action_taken": action_taken,
            "outcome": outcome,
            "severity": "medium",
            "tags": tags,
            "source_agent": self.agent_name,
            "confidence": confidence
        })
    
    async def failure(
        self,
        title: str,
        context: str,
        action_taken: str,
        outcome: str,
        root_cause: Optional[str] = None,
        solution: Optional[str] = None,
        alternatives: List[str] = [],
        tags: List[str] = [],
        category: Optional[str] = None,
        severity: str = "medium",
        related_commands: List[str] = []
    ) -> Dict[str, Any]:
        """Report a failure and what was learned"""
        return await self._report({
            "lesson_type": "failure",
            "domain": self.domain,
            "category": category or self.domain,
            "title": title,
            "context": context,
            "action_taken": action_taken,
            "outcome": outcome,
            "root_cause": root_cause,
            "solution": solution,
            "alternatives": alternatives,
            "severity": severity,
            "tags": tags,
            "source_agent": self.agent_name,
            "related_commands": related_commands,
            "confidence": 0.8
        })
    
    async def anti_pattern(
        self,
        title: str,
        why_bad: str,
        example: str,
        alternatives: List[str],
        severity: str = "high",
        tags: List[str] = [],
        category: Optional[str] = None
    ) -> Dict[str, Any]:
        """Report something that should NEVER be done"""
        return await self._report({
            "lesson_type": "anti_pattern",
            "domain": self.domain,
            "category": category or self.domain,
            "title": title,
            "context": why_bad,
            "action_taken": example,
            "outcome": "BLOCKED - Known anti-pattern",
            "alternatives": alternatives,
            "severity": severity,
            "tags": tags + ["anti-pattern", "blocked"],
            "source_agent": self.agent_name,
            "confidence": 1.0
        })
    
    async def workaround(
        self,
        title: str,
        problem: str,
        workaround: str,
        permanent_fix: Optional[str] = None,
        tags: List[str] = [],
        category: Optional[str] = None
    ) -> Dict[str, Any]:
        """Report a workaround for a known issue"""
        return await self._report({
            "lesson_type": "workaround",
            "domain": self.domain,
            "category": category or self.domain,
            "title": title,
            "context": problem,
            "action_taken": workaround,
            "outcome": "Issue mitigated",
            "solution": permanent_fix,
            "severity": "medium",
            "tags": tags + ["workaround"],
            "source_agent": self.agent_name,
            "confidence": 0.85
        })
    
    async def discovery(
        self,
        title: str,
        context: str,
        discovery: str,
        implications: List[str] = [],
        tags: List[str] = [],
        category: Optional[str] = None
    ) -> Dict[str, Any]:
        """Report a new discovery or insight"""
        return await self._report({
            "lesson_type": "discovery",
            "domain": self.domain,
            "category": category or self.domain,
            "title": title,
            "context": context,
            "action_taken": "Investigation/observation",
            "outcome": discovery,
            "alternatives": implications,
            "severity": "medium",
            "tags": tags + ["discovery"],
            "source_agent": self.agent_name,
            "confidence": 0.7
        })
    
    async def check_before_action(
        self,
        proposed_action: str,
        context: str
    ) -> Dict[str, Any]:
        """
        Check if proposed action matches known anti-patterns.
        
        CALL THIS BEFORE TAKING RISKY ACTIONS.
        """
        try:
            async with httpx.AsyncClient() as client:
                response = await client.post(
                    f"{self.mnemosyne_url}/check/anti-pattern",
                    json={
                        "proposed_action": proposed_action,
                        "context": context,
                        "domain": self.domain,
                        "agent": self.agent_name
                    },
                    timeout=5.0
                )
                return response.json()
        except Exception as e:
            # Don't block on check failure, but warn
            print(f"[{self.agent_name}] Anti-pattern check failed: {e}")
            return {"blocked": False, "warnings": ["Check failed - proceed with caution"]}
    
    async def get_relevant_lessons(self, context: str, max_results: int = 10) -> List[Dict]:
        """Get lessons relevant to current task"""
        try:
            async with httpx.AsyncClient() as client:
                response = await client.post(
                    f"{self.mnemosyne_url}/query/relevant",
                    json={
                        "context": context,
                        "domain": self.domain,
                        "agent": self.agent_name,
                        "max_results": max_results
                    },
                    timeout=5.0
                )
                return response.json()
        except Exception as e:
            print(f"[{self.agent_name}] Failed to get lessons: {e}")
            return []


# Convenience function for one-off reports
async def quick_lesson(
    agent: str,
    lesson_type: str,
    title: str,
    context: str,
    outcome: str,
    **kwargs
) -> Dict[str, Any]:
    """Quick one-off lesson report"""
    reporter = LessonReporter(agent)
    method = getattr(reporter, lesson_type, reporter.discovery)
    return await method(title=title, context=context, outcome=outcome, **kwargs)
