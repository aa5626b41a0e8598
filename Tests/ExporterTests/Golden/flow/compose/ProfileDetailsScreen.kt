package com.example.profileflow

import androidx.compose.foundation.background
import androidx.compose.foundation.clickable
import androidx.compose.foundation.layout.*
import androidx.compose.foundation.lazy.LazyColumn
import androidx.compose.foundation.lazy.itemsIndexed
import androidx.compose.foundation.rememberScrollState
import androidx.compose.foundation.shape.CircleShape
import androidx.compose.foundation.shape.RoundedCornerShape
import androidx.compose.foundation.verticalScroll
import androidx.compose.material.icons.Icons
import androidx.compose.material.icons.filled.*
import androidx.compose.material3.*
import androidx.compose.runtime.*
import androidx.compose.ui.Alignment
import androidx.compose.ui.Modifier
import androidx.compose.ui.draw.clip
import androidx.compose.ui.semantics.*
import androidx.compose.ui.text.input.PasswordVisualTransformation
import androidx.compose.ui.unit.dp

/** The "Profile Details" screen, drawn in sketchd. */
@OptIn(ExperimentalMaterial3Api::class)
@Composable
fun ProfileDetailsScreen(onBack: () -> Unit = {}) {
    var displayNameField by remember { mutableStateOf("") }
    var publicProfileToggle by remember { mutableStateOf(true) }
    Scaffold(
        topBar = {
            TopAppBar(
                title = { Text("Profile") },
                navigationIcon = { IconButton(onClick = onBack) { Icon(Icons.Filled.ArrowBack, contentDescription = "Back") } },
                actions = { TextButton(onClick = ::doneButtonTapped) { Text("Done") } },
            )
        },
    ) { innerPadding ->
        Column(modifier = Modifier.padding(innerPadding).fillMaxSize().background(Theme.background).padding(start = 20.dp, top = 0.dp, end = 20.dp, bottom = 20.dp), verticalArrangement = Arrangement.spacedBy(16.dp), horizontalAlignment = Alignment.CenterHorizontally) {
            Icon(Icons.Filled.AccountCircle, contentDescription = "Profile picture", tint = Theme.placeholder, modifier = Modifier.size(80.dp).clip(CircleShape))
            TextField(value = displayNameField, onValueChange = { displayNameField = it }, placeholder = { Text("Display name") }, modifier = Modifier.fillMaxWidth())
            Row(verticalAlignment = Alignment.CenterVertically) {
                Text("Public profile", modifier = Modifier.weight(1f))
                Switch(checked = publicProfileToggle, onCheckedChange = { publicProfileToggle = it })
            }
            Spacer(modifier = Modifier.weight(1f))
        }
    }
}

private fun doneButtonTapped() {
    // Runs when "Done" is tapped.
}
